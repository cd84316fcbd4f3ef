import { hmac } from '@noble/hashes/hmac';
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils';
import { TICKETS } from './constants.ts';

/**
 * The provably-fair roll of DESIGN: the same code runs on the server that rolls and in the
 * browser that lets a player recompute a result, so the formula lives only here.
 */
export interface RollInput {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  cursor: number;
}

export const hashServerSeed = (serverSeed: string): string => bytesToHex(sha256(utf8ToBytes(serverSeed)));

export function rollDigest({ serverSeed, clientSeed, nonce, cursor }: RollInput): Uint8Array {
  return hmac(sha256, utf8ToBytes(serverSeed), utf8ToBytes(`${clientSeed}:${nonce}:${cursor}`));
}

/** A ticket in 1..100000 from the first 4 bytes of the digest, big-endian. */
export function ticketFromDigest(digest: Uint8Array): number {
  if (digest.length < 4) throw new Error('digest too short');
  const u = ((digest[0]! << 24) >>> 0) + (digest[1]! << 16) + (digest[2]! << 8) + digest[3]!;
  return Math.floor((u / 2 ** 32) * TICKETS) + 1;
}

export const rollTicket = (input: RollInput): number => ticketFromDigest(rollDigest(input));

export const randomSeedHex = (bytes = 32): string => {
  const buf = new Uint8Array(bytes);
  globalThis.crypto.getRandomValues(buf);
  return bytesToHex(buf);
};

/**
 * A client seed the player sets: 1 to 64 Latin letters, digits, `_` or `-`. No `:`, which
 * separates the parts of the rolled message, so no two (seed, nonce, cursor) give the same one.
 */
export const CLIENT_SEED_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const checkClientSeed = (seed: string): 'clientSeedInvalid' | null => (CLIENT_SEED_PATTERN.test(seed) ? null : 'clientSeedInvalid');

export { bytesToHex, hexToBytes };

import { ticketFromDigest, type RollInput } from '@store/shared/provably-fair';

/**
 * The provably-fair roll recomputed by the browser's own WebCrypto, not by the store's code: the
 * HMAC-SHA256 of `clientSeed:nonce:cursor` keyed by the server seed, read as a ticket by the shared
 * rule. A unit test pins it to the shared `rollTicket`.
 */
const encoder = new TextEncoder();

const toHex = (bytes: ArrayBuffer): string => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');

/** SHA-256 of the server seed's text, in hex: what the store committed to before the play. */
export async function sha256HexWebCrypto(text: string): Promise<string> {
  return toHex(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
}

export async function rollTicketWebCrypto({ serverSeed, clientSeed, nonce, cursor }: RollInput): Promise<number> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(serverSeed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const digest = await crypto.subtle.sign('HMAC', key, encoder.encode(`${clientSeed}:${nonce}:${cursor}`));
  return ticketFromDigest(new Uint8Array(digest));
}

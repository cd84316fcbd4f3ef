import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkClientSeed, hashServerSeed, randomSeedHex, rollTicket, ticketFromDigest } from '../src/provably-fair.ts';

describe('provably-fair roll', () => {
  it('matches fixed vectors a player can recompute by hand', () => {
    expect(rollTicket({ serverSeed: 'server-seed', clientSeed: 'client-seed', nonce: 1, cursor: 0 })).toBe(66461);
    expect(rollTicket({ serverSeed: 'a'.repeat(64), clientSeed: 'player', nonce: 42, cursor: 3 })).toBe(55302);
    expect(hashServerSeed('server-seed')).toBe('91024ec49c5bec0b689e42892526320fce08337205c91de94c7a588c20d08eeb');
  });

  it('agrees with an independent HMAC implementation on many inputs', () => {
    for (let nonce = 0; nonce < 300; nonce++) {
      const digest = createHmac('sha256', 'seed-x').update(`cs:${nonce}:${nonce % 4}`).digest();
      const expected = Math.floor((digest.readUInt32BE(0) / 2 ** 32) * 100000) + 1;
      expect(rollTicket({ serverSeed: 'seed-x', clientSeed: 'cs', nonce, cursor: nonce % 4 })).toBe(expected);
    }
  });

  it('maps the extremes of the digest to tickets 1 and 100000', () => {
    expect(ticketFromDigest(new Uint8Array([0, 0, 0, 0]))).toBe(1);
    expect(ticketFromDigest(new Uint8Array([255, 255, 255, 255]))).toBe(100000);
  });

  it('refuses a digest shorter than the 4 bytes a ticket is read from', () => {
    expect(() => ticketFromDigest(new Uint8Array([1, 2, 3]))).toThrow('digest too short');
  });

  it('draws server seeds of 32 random bytes, written in hex, never the same twice', () => {
    const seeds = Array.from({ length: 200 }, () => randomSeedHex());
    for (const seed of seeds) expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(seeds).size).toBe(seeds.length);
    // Over 200 seeds random bytes use all 16 hex digits; a buffer left unfilled would not.
    expect(new Set(seeds.join('')).size).toBe(16);
    expect(randomSeedHex(16)).toMatch(/^[0-9a-f]{32}$/);
  });

  it('changes with every part of the input', () => {
    const base = { serverSeed: 's', clientSeed: 'c', nonce: 1, cursor: 0 };
    const tickets = new Set([
      rollTicket(base),
      rollTicket({ ...base, serverSeed: 't' }),
      rollTicket({ ...base, clientSeed: 'd' }),
      rollTicket({ ...base, nonce: 2 }),
      rollTicket({ ...base, cursor: 1 }),
    ]);
    expect(tickets.size).toBe(5);
  });

  it('spreads tickets evenly over 1..100000', () => {
    const buckets = new Array(10).fill(0);
    for (let n = 0; n < 20000; n++) buckets[Math.floor((rollTicket({ serverSeed: 'u', clientSeed: 'v', nonce: n, cursor: 0 }) - 1) / 10000)]++;
    for (const b of buckets) {
      expect(b).toBeGreaterThan(1800);
      expect(b).toBeLessThan(2200);
    }
  });
});

describe('a client seed the player sets', () => {
  it('is 1 to 64 Latin letters, digits, _ or -, never a colon that would blur the rolled message', () => {
    for (const ok of ['a', 'my-own_Seed42', 'x'.repeat(64), '0']) expect(checkClientSeed(ok), ok).toBeNull();
    for (const bad of ['', 'a:b', 'x'.repeat(65), 'пароль', 'with space', 'a.b']) expect(checkClientSeed(bad), bad).toBe('clientSeedInvalid');
  });
});

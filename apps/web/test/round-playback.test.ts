import { describe, expect, it } from 'vitest';
import { firstUnlanded, idlePlayback, LANDED_HOLD_MS, nextSpin, QUICKEST_SPIN_MS, type Playback } from '#app/features/battles/utils/round-playback.ts';

const SPIN = 2600;

describe('a live battle played to a viewer', () => {
  it('spins the first round that arrives at once, for the whole spin', () => {
    expect(nextSpin(idlePlayback, 1, SPIN)).toEqual({ round: 1, ms: SPIN, notBefore: 0 });
    // Rounds there when the page came (none arrived live yet) stay landed.
    expect(nextSpin(idlePlayback, null, SPIN)).toBeNull();
    expect(firstUnlanded(idlePlayback, null)).toBe(Infinity);
  });

  it('lets a round that arrives early wait until the one turning has landed and stayed up', () => {
    const turning: Playback = { from: 1, landed: null, playing: { round: 1, ms: SPIN } };
    // Round 2 came while round 1 still turns: nothing new starts, round 1 is not shown landed yet.
    expect(nextSpin(turning, 2, SPIN)).toBeNull();
    expect(firstUnlanded(turning, 2)).toBe(1);
    const landed: Playback = { from: 1, landed: { round: 1, at: 5000 }, playing: null };
    // Round 1's card stays up for the hold before round 2 turns, however long ago round 2 came.
    expect(nextSpin(landed, 2, SPIN)).toEqual({ round: 2, ms: SPIN, notBefore: 5000 + LANDED_HOLD_MS });
    expect(firstUnlanded(landed, 2)).toBe(2);
  });

  it('plays every waiting round in order on quicker reels until it has caught up', () => {
    const behind: Playback = { from: 1, landed: { round: 1, at: 0 }, playing: null };
    expect(nextSpin(behind, 4, SPIN)).toEqual({ round: 2, ms: SPIN / 2, notBefore: LANDED_HOLD_MS });
    expect(nextSpin({ ...behind, landed: { round: 3, at: 0 } }, 4, SPIN)).toEqual({ round: 4, ms: SPIN, notBefore: LANDED_HOLD_MS });
    expect(nextSpin(behind, 4, 800)!.ms).toBe(QUICKEST_SPIN_MS);
  });

  it('is idle once the newest round has landed', () => {
    const done: Playback = { from: 1, landed: { round: 3, at: 0 }, playing: null };
    expect(nextSpin(done, 3, SPIN)).toBeNull();
    expect(firstUnlanded(done, 3)).toBe(Infinity);
  });

  it('starts with the first round that arrived live, not the rounds the page came with', () => {
    const joinedLate: Playback = { from: 5, landed: null, playing: null };
    expect(nextSpin(joinedLate, 6, SPIN)).toEqual({ round: 5, ms: SPIN / 2, notBefore: 0 });
    expect(firstUnlanded(joinedLate, 6)).toBe(5);
  });
});

/**
 * What each of the store's sounds is made of (decision 045): notes for oscillators, no audio
 * files. Pure, so the shape of every sound is tested without a browser; `sound-engine.ts` plays them.
 */

/** One oscillator: starts `at` seconds after the sound, lasts `dur`, glides to `to` when given. */
export interface Note {
  at: number;
  dur: number;
  freq: number;
  to?: number;
  type: OscillatorType;
  /** Peak loudness before the master volume, 0..1. */
  gain: number;
}

export type Sound =
  | { kind: 'open' }
  | { kind: 'tick' }
  | { kind: 'win'; rarity: string }
  | { kind: 'upgrade-win' }
  | { kind: 'upgrade-loss' }
  | { kind: 'round' };

/**
 * The catalogues' rarities from the commonest (0) to the rarest (6), CS and Dota 2 alike; the
 * server's catalogue files give the same order (`rarities.*.order`, checked by the web tests).
 * A rarity not listed sounds like the commonest.
 */
const RARITY_RANK: Record<string, number> = {
  consumer: 0,
  industrial: 1,
  milSpec: 2,
  restricted: 3,
  classified: 4,
  covert: 5,
  contraband: 6,
  common: 0,
  uncommon: 1,
  rare: 2,
  mythical: 3,
  legendary: 4,
  immortal: 5,
  arcana: 6,
};
export const TOP_RANK = 6;

export const rarityRank = (rarity: string): number => RARITY_RANK[rarity] ?? 0;

/** The rarest of some items' rarities (several openings at once sound as their best drop). */
export const rarest = (rarities: readonly string[]): string =>
  rarities.reduce((best, r) => (rarityRank(r) > rarityRank(best) ? r : best), rarities[0] ?? '');

/** A win chime's character: higher, longer and brighter (more overtones) the rarer the drop. */
export interface WinTone {
  /** The first note's pitch, Hz. */
  pitch: number;
  /** From the first note's start to the last one's end, s. */
  length: number;
  /** Partials per note: 1 is a plain sine, each more adds the next overtone. */
  brightness: number;
  notes: number;
}

// A major arpeggio climbing by octaves: the rarer the drop, the further it climbs.
const ARPEGGIO = [0, 4, 7, 12, 16, 19, 24, 28];
const STEP = 0.075;

export function winTone(rarity: string): WinTone {
  const rank = Math.min(TOP_RANK, Math.max(0, rarityRank(rarity)));
  const notes = 2 + rank;
  const pitch = 392 * 2 ** ((rank * 2) / 12);
  const tail = 0.28 + rank * 0.1;
  return { pitch, notes, length: (notes - 1) * STEP + tail, brightness: 1 + Math.ceil(rank / 2) };
}

const semitones = (base: number, n: number) => base * 2 ** (n / 12);

function winNotes(rarity: string): Note[] {
  const tone = winTone(rarity);
  const tail = tone.length - (tone.notes - 1) * STEP;
  const notes: Note[] = [];
  for (let i = 0; i < tone.notes; i++) {
    const last = i === tone.notes - 1;
    const freq = semitones(tone.pitch, ARPEGGIO[i]!);
    const dur = last ? tail : STEP * 2;
    for (let k = 1; k <= tone.brightness; k++) notes.push({ at: i * STEP, dur, freq: freq * k, type: 'sine', gain: (last ? 0.5 : 0.35) / k });
  }
  return notes;
}

/** The notes of a sound, in seconds from its start. */
export function notesOf(sound: Sound): Note[] {
  switch (sound.kind) {
    case 'open':
      // A rising whoosh: two detuned saws sweeping up, quiet, with a low swell under them.
      return [
        { at: 0, dur: 0.42, freq: 140, to: 900, type: 'sawtooth', gain: 0.12 },
        { at: 0, dur: 0.42, freq: 147, to: 940, type: 'sawtooth', gain: 0.1 },
        { at: 0, dur: 0.5, freq: 70, to: 160, type: 'sine', gain: 0.4 },
      ];
    case 'tick':
      return [{ at: 0, dur: 0.035, freq: 1900, type: 'square', gain: 0.12 }];
    case 'win':
      return winNotes(sound.rarity);
    case 'upgrade-win':
      return [
        ...[523.25, 659.25, 783.99].map((freq, i): Note => ({ at: i * 0.09, dur: 0.16, freq, type: 'triangle', gain: 0.45 })),
        { at: 0.27, dur: 0.6, freq: 1046.5, type: 'triangle', gain: 0.5 },
        { at: 0.27, dur: 0.6, freq: 2093, type: 'sine', gain: 0.15 },
      ];
    case 'upgrade-loss':
      return [
        { at: 0, dur: 0.55, freq: 392, to: 185, type: 'triangle', gain: 0.45 },
        { at: 0.05, dur: 0.6, freq: 130.8, to: 82.4, type: 'sine', gain: 0.4 },
      ];
    case 'round':
      // The reels land: a low knock and a short bell.
      return [
        { at: 0, dur: 0.12, freq: 160, to: 90, type: 'sine', gain: 0.55 },
        { at: 0.01, dur: 0.28, freq: 880, type: 'triangle', gain: 0.3 },
        { at: 0.01, dur: 0.18, freq: 1760, type: 'sine', gain: 0.1 },
      ];
  }
}

import type * as Voices from './sound-voices.ts';
import type { Note, Sound } from './sound-voices.ts';
import { loadOnce } from './load-once.ts';
import { whenIdle } from './when-idle.ts';

/**
 * Plays the store's sounds with the Web Audio API (decision 045). Browsers let a page make sound
 * only after the player has touched it, so nothing happens, and no audio context exists, until the
 * first pointer or key press; until then, and while the player has sound off, `play` does nothing.
 */

/** The parts of an AudioContext the engine uses (a test passes a fake with the same shape). */
export interface ParamLike {
  setValueAtTime(value: number, time: number): unknown;
  linearRampToValueAtTime(value: number, time: number): unknown;
  exponentialRampToValueAtTime(value: number, time: number): unknown;
}
export interface NodeLike {
  connect(node: never): unknown;
  disconnect(): void;
}
export interface OscillatorLike extends NodeLike {
  type: OscillatorType;
  readonly frequency: ParamLike;
  start(when: number): void;
  stop(when: number): void;
  onended: (() => void) | null;
}
export interface GainLike extends NodeLike {
  readonly gain: ParamLike;
}
export interface ContextLike {
  readonly currentTime: number;
  readonly state: string;
  readonly destination: unknown;
  createOscillator(): OscillatorLike;
  createGain(): GainLike;
  resume(): Promise<void>;
  suspend(): Promise<void>;
}

export type ContextFactory = () => ContextLike | null;

/** The events that count as the player's first touch (pointerup too: a tap's pointerdown does not, on some phones). */
export const GESTURES = ['pointerdown', 'pointerup', 'keydown'] as const;

const MASTER = 0.35;
const nothing = () => undefined;
const SILENT = 0.0001;

export interface SoundEngine {
  /** The player touched the page: sound may start (the context is made now, inside the gesture, when sound is on). */
  unlock(): void;
  setEnabled(on: boolean): void;
  /**
   * Plays a sound now, or `after` seconds from now on the audio clock (a frame the page paints late
   * does not move it); answers the way to silence it before or while it sounds.
   */
  play(sound: Sound, after?: number): () => void;
  /** Whether a `play` now would be heard: after the first touch, with sound on. */
  audible(): boolean;
  /** Waits for the first touch (and each later one, to wake a context the browser suspended); answers the way to stop. */
  listen(target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>): () => void;
}

/** The notes of a sound, or null while the voices have not come. */
export type NotesFor = (sound: Sound) => readonly Note[] | null;

/**
 * A sound laid out for a moment that passed more than this many seconds ago while the voices were
 * coming is left out: a tick long after its card passed the marker is noise, not a tick.
 */
const LATE_S = 0.1;

/**
 * `voicesCome`, when given, fetches the voices: a sound played before they are here waits for them.
 * One asked for now plays when they come; one laid out for later keeps its time on the audio clock,
 * and is left out if that time went by while they were coming. Without it such a sound is silent.
 */
export function createSoundEngine(makeContext: ContextFactory, notesFor: NotesFor, voicesCome?: () => Promise<unknown>): SoundEngine {
  let unlocked = false;
  let enabled = false;
  let ctx: ContextLike | null = null;
  let master: GainLike | null = null;
  let failed = false;

  const context = (): ContextLike | null => {
    if (!unlocked || !enabled || failed) return null;
    if (!ctx) {
      try {
        ctx = makeContext();
      } catch {
        ctx = null;
      }
      // No Web Audio here (an old browser, a locked-down one): the store stays silent, once and for all.
      if (!ctx) {
        failed = true;
        return null;
      }
      master = ctx.createGain();
      master.gain.setValueAtTime(MASTER, ctx.currentTime);
      master.connect(ctx.destination as never);
    }
    if (ctx.state === 'suspended') ctx.resume().catch(() => undefined);
    return ctx;
  };

  /** Schedules one note `after` seconds from now; answers the way to silence it. */
  const schedule = (c: ContextLike, out: GainLike, note: Note, after: number) => {
    const start = c.currentTime + 0.005 + after + note.at;
    const end = start + note.dur;
    const osc = c.createOscillator();
    const env = c.createGain();
    osc.type = note.type;
    osc.frequency.setValueAtTime(note.freq, start);
    if (note.to) osc.frequency.exponentialRampToValueAtTime(note.to, end);
    // A quick rise and an exponential fall: no click at either end.
    env.gain.setValueAtTime(SILENT, start);
    env.gain.linearRampToValueAtTime(note.gain, start + Math.min(0.01, note.dur / 4));
    env.gain.exponentialRampToValueAtTime(SILENT, end);
    osc.connect(env as never);
    env.connect(out as never);
    osc.onended = () => {
      osc.disconnect();
      env.disconnect();
    };
    osc.start(start);
    osc.stop(end + 0.02);
    return () => {
      osc.disconnect();
      env.disconnect();
    };
  };

  /** Schedules every note of a sound; a note that cannot be made is left out, and the game goes on. */
  const scheduleAll = (c: ContextLike, out: GainLike, notes: readonly Note[], after: number) => {
    const stops: (() => void)[] = [];
    try {
      for (const note of notes) stops.push(schedule(c, out, note, after));
    } catch {
      // A sound that cannot be made is left out.
    }
    return () => stops.forEach((stop) => stop());
  };

  // From the first touch with sound on, a sound may come any moment: the voices are fetched then
  // rather than when the page is next idle, so the first opening's ticks are not laid out before
  // they have come (a busy page may not be idle for seconds).
  const fetchVoices = () => {
    if (context()) voicesCome?.().catch(() => undefined);
  };

  const engine: SoundEngine = {
    unlock() {
      unlocked = true;
      fetchVoices();
    },
    setEnabled(on) {
      enabled = on;
      if (on) fetchVoices();
      else if (ctx?.state === 'running') ctx.suspend().catch(() => undefined);
    },
    play(sound, after = 0) {
      const c = context();
      if (!c || !master) return nothing;
      const notes = notesFor(sound);
      if (notes) return scheduleAll(c, master, notes, after);
      if (!voicesCome) return nothing;
      const due = c.currentTime + after;
      let stop: () => void = nothing;
      let cancelled = false;
      voicesCome().then(
        () => {
          const now = context();
          const late = notesFor(sound);
          if (cancelled || !now || !master || !late) return;
          const left = due - now.currentTime;
          if (after > 0 && left < -LATE_S) return;
          stop = scheduleAll(now, master, late, Math.max(0, left));
        },
        () => undefined,
      );
      return () => {
        cancelled = true;
        stop();
      };
    },
    audible: () => unlocked && enabled && !failed,
    listen(target) {
      const onGesture = () => engine.unlock();
      for (const type of GESTURES) target.addEventListener(type, onGesture, { capture: true, passive: true });
      return () => {
        for (const type of GESTURES) target.removeEventListener(type, onGesture, { capture: true });
      };
    },
  };
  return engine;
}

/** The browser's own audio context; none in the server render or where Web Audio is missing. */
const browserContext: ContextFactory = () => {
  if (typeof window === 'undefined') return null;
  const Ctor = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  return Ctor ? (new Ctor() as unknown as ContextLike) : null;
};

let shared: SoundEngine | null = null;
let voices: typeof Voices | null = null;

/** The voices chunk, fetched once (again on the next sound if the network lost it). */
const loadVoices = loadOnce(() => import('./sound-voices.ts').then((m) => (voices = m)));

/**
 * The page's one engine, made on first use. Its voices (the notes of every sound) come as a chunk
 * of their own once the page is idle: nothing sounds before the player's first touch anyway, and
 * the main page's first scripts need not carry them. On a page too busy to have been idle since it
 * loaded, the first sound fetches them at once and waits for them (tens of milliseconds).
 */
export function soundEngine(): SoundEngine {
  if (!shared) {
    shared = createSoundEngine(browserContext, (sound) => voices?.notesOf(sound) ?? null, loadVoices);
    if (typeof window !== 'undefined') whenIdle(() => void loadVoices().catch(() => undefined));
  }
  return shared;
}

/** Plays a sound if the player may hear it now; otherwise nothing. */
export const playSound = (sound: Sound): void => void soundEngine().play(sound);

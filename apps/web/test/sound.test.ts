import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createSoundEngine, type ContextLike, type OscillatorLike } from '#app/lib/sound-engine.ts';
import { parseSoundOn } from '#app/lib/sound-pref.ts';
import { soundKey } from '#app/lib/storage-keys.ts';
import { notesOf, rarest, rarityRank, winTone, type Sound } from '#app/lib/sound-voices.ts';
import { cardAtMarker, tickTimes, timeAt, TICK_GAP_MS } from '#app/features/cases/utils/roulette-ticks.ts';

/** An audio context that only records: what was made, what was started, whether it runs. */
function fakeAudio() {
  const made: FakeContext[] = [];
  class FakeContext implements ContextLike {
    currentTime = 0;
    state = 'running';
    destination = {};
    started: { type: OscillatorType; at: number }[] = [];
    resumes = 0;
    createOscillator(): OscillatorLike {
      const started = this.started;
      const osc: OscillatorLike = {
        type: 'sine',
        frequency: param(),
        connect: () => undefined,
        disconnect: () => undefined,
        start: (at: number) => void started.push({ type: osc.type, at }),
        stop: () => undefined,
        onended: null,
      };
      return osc;
    }
    createGain() {
      return { gain: param(), connect: () => undefined, disconnect: () => undefined };
    }
    resume() {
      this.resumes++;
      this.state = 'running';
      return Promise.resolve();
    }
    suspend() {
      this.state = 'suspended';
      return Promise.resolve();
    }
  }
  const param = () => ({ setValueAtTime: () => undefined, linearRampToValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined });
  return {
    made,
    factory: () => {
      const c = new FakeContext();
      made.push(c);
      return c;
    },
    started: () => made.reduce((n, c) => n + c.started.length, 0),
  };
}

const ALL: Sound[] = [{ kind: 'open' }, { kind: 'tick' }, { kind: 'win', rarity: 'covert' }, { kind: 'upgrade-win' }, { kind: 'upgrade-loss' }, { kind: 'round' }];

describe('the sound switch remembered per player', () => {
  it('keeps each signed-in player under their own key and every guest under one', () => {
    expect(soundKey(7)).toBe('sound:player:7');
    expect(soundKey(8)).not.toBe(soundKey(7));
    expect(soundKey(null)).toBe('sound:guest');
    expect(soundKey(null)).not.toBe(soundKey(0));
  });

  it('is on unless the player turned it off; anything malformed counts as on', () => {
    expect(parseSoundOn(null)).toBe(true);
    expect(parseSoundOn('true')).toBe(true);
    expect(parseSoundOn('false')).toBe(false);
    expect(parseSoundOn(' false\n')).toBe(false);
    for (const junk of ['', '0', 'off', '"false"', '{"on":false}', 'null', 'fals']) expect(parseSoundOn(junk), junk).toBe(true);
  });
});

describe('the win chime by rarity', () => {
  const catalogue = (name: string) =>
    (JSON.parse(readFileSync(new URL(`../../server/data/catalogue-${name}.json`, import.meta.url), 'utf8')) as { rarities: Record<string, { order: number }> }).rarities;

  it("ranks every catalogue's rarities in the catalogue's own order", () => {
    for (const name of ['cs', 'dota']) {
      const rarities = catalogue(name);
      expect(Object.keys(rarities).length).toBeGreaterThan(1);
      for (const [rarity, { order }] of Object.entries(rarities)) expect(rarityRank(rarity), `${name} ${rarity}`).toBe(order);
    }
    expect(rarityRank('no-such-rarity')).toBe(0);
  });

  it('climbs higher, lasts longer and sounds brighter the rarer the drop', () => {
    for (const name of ['cs', 'dota']) {
      const ordered = Object.entries(catalogue(name))
        .sort((a, b) => a[1].order - b[1].order)
        .map(([rarity]) => winTone(rarity));
      for (let i = 1; i < ordered.length; i++) {
        expect(ordered[i]!.pitch).toBeGreaterThan(ordered[i - 1]!.pitch);
        expect(ordered[i]!.length).toBeGreaterThan(ordered[i - 1]!.length);
        expect(ordered[i]!.notes).toBeGreaterThan(ordered[i - 1]!.notes);
        expect(ordered[i]!.brightness).toBeGreaterThanOrEqual(ordered[i - 1]!.brightness);
      }
      expect(ordered.at(-1)!.brightness).toBeGreaterThan(ordered[0]!.brightness);
    }
    // The notes are what the tone says: as many overtones per note, ending when the tone ends.
    const tone = winTone('contraband');
    const notes = notesOf({ kind: 'win', rarity: 'contraband' });
    expect(notes).toHaveLength(tone.notes * tone.brightness);
    expect(Math.max(...notes.map((n) => n.at + n.dur))).toBeCloseTo(tone.length, 6);
    expect(Math.min(...notes.map((n) => n.freq))).toBeCloseTo(tone.pitch, 6);
  });

  it('several drops at once sound as the rarest of them', () => {
    expect(rarest(['milSpec', 'covert', 'consumer'])).toBe('covert');
    expect(rarest(['common'])).toBe('common');
    expect(rarest([])).toBe('');
  });

  it('every sound is some notes, audible and not too loud', () => {
    for (const sound of ALL) {
      const notes = notesOf(sound);
      expect(notes.length, sound.kind).toBeGreaterThan(0);
      for (const n of notes) {
        expect(n.dur).toBeGreaterThan(0);
        expect(n.freq).toBeGreaterThan(20);
        expect(n.gain).toBeGreaterThan(0);
        expect(n.gain).toBeLessThanOrEqual(1);
      }
    }
    expect(notesOf({ kind: 'upgrade-win' })).not.toEqual(notesOf({ kind: 'upgrade-loss' }));
  });
});

describe('the sound engine', () => {
  it('makes no audio context and no sound before the first touch, whatever is played', () => {
    const audio = fakeAudio();
    const engine = createSoundEngine(audio.factory, notesOf);
    engine.setEnabled(true);
    for (const sound of ALL) engine.play(sound);
    expect(audio.made).toHaveLength(0);
    expect(engine.audible()).toBe(false);

    engine.unlock();
    expect(audio.made).toHaveLength(1);
    engine.play({ kind: 'tick' });
    engine.play({ kind: 'win', rarity: 'arcana' });
    expect(audio.started()).toBe(1 + notesOf({ kind: 'win', rarity: 'arcana' }).length);
    expect(audio.made[0]!.started[0]!.type).toBe('square');
    // One context for the page, however many sounds.
    engine.unlock();
    engine.play({ kind: 'round' });
    expect(audio.made).toHaveLength(1);
  });

  it('with no way to fetch its voices, plays nothing until they have come, then plays them', () => {
    const audio = fakeAudio();
    let voices: typeof notesOf | null = null;
    const engine = createSoundEngine(audio.factory, (sound) => voices?.(sound) ?? null);
    engine.setEnabled(true);
    engine.unlock();
    expect(() => engine.play({ kind: 'open' })).not.toThrow();
    expect(audio.started()).toBe(0);
    voices = notesOf;
    engine.play({ kind: 'open' });
    expect(audio.started()).toBe(notesOf({ kind: 'open' }).length);
  });

  it('asked before its voices came: a sound for now plays when they come, one laid out for later keeps its time, one whose time went by is left out', async () => {
    const audio = fakeAudio();
    let voices: typeof notesOf | null = null;
    let arrive!: () => void;
    const coming = new Promise<void>((resolve) => (arrive = resolve));
    let fetches = 0;
    const engine = createSoundEngine(
      audio.factory,
      (sound) => voices?.(sound) ?? null,
      () => (fetches++, coming),
    );
    engine.setEnabled(true);
    engine.unlock();
    const clock = audio.made[0]!;
    engine.play({ kind: 'open' });
    engine.play({ kind: 'tick' }, 0.05);
    engine.play({ kind: 'tick' }, 1.5);
    const silenced = engine.play({ kind: 'tick' }, 2);
    silenced();
    expect(fetches).toBeGreaterThan(0);
    expect(audio.started()).toBe(0);

    // The voices take 0.3 s on the audio clock to come.
    clock.currentTime = 0.3;
    voices = notesOf;
    arrive();
    await coming;
    await Promise.resolve();
    const started = clock.started;
    expect(started.filter((s) => s.type === 'sawtooth').length, 'the whoosh, late').toBeGreaterThan(0);
    const ticks = started.filter((s) => s.type === 'square');
    expect(ticks, 'only the tick still ahead; the passed one and the silenced one are left out').toHaveLength(1);
    expect(ticks[0]!.at).toBeCloseTo(1.5 + 0.005, 3);
    expect(Math.min(...started.filter((s) => s.type === 'sawtooth').map((s) => s.at))).toBeGreaterThanOrEqual(0.3);
  });

  it('fetches its voices at the first touch with sound on, not before, and not with sound off', () => {
    const audio = fakeAudio();
    let fetches = 0;
    const engine = createSoundEngine(audio.factory, () => null, () => (fetches++, Promise.resolve()));
    engine.setEnabled(false);
    engine.unlock();
    expect(fetches, 'sound off: nothing to fetch for').toBe(0);
    engine.setEnabled(true);
    expect(fetches, 'on after the touch').toBe(1);

    const quiet = createSoundEngine(audio.factory, () => null, () => (fetches++, Promise.resolve()));
    quiet.setEnabled(true);
    expect(fetches, 'no touch yet').toBe(1);
    quiet.unlock();
    expect(fetches, 'the touch').toBe(2);
  });

  it('waits for a pointer or key press on the page it listens to, and stops listening when told', () => {
    for (const gesture of ['pointerdown', 'pointerup', 'keydown']) {
      const audio = fakeAudio();
      const engine = createSoundEngine(audio.factory, notesOf);
      engine.setEnabled(true);
      const page = new EventTarget();
      const stop = engine.listen(page);
      page.dispatchEvent(new Event('mousemove'));
      engine.play({ kind: 'open' });
      expect(audio.made, gesture).toHaveLength(0);
      page.dispatchEvent(new Event(gesture));
      engine.play({ kind: 'open' });
      expect(audio.started(), gesture).toBe(notesOf({ kind: 'open' }).length);
      stop();
    }
    const audio = fakeAudio();
    const engine = createSoundEngine(audio.factory, notesOf);
    engine.setEnabled(true);
    const page = new EventTarget();
    engine.listen(page)();
    page.dispatchEvent(new Event('pointerdown'));
    expect(audio.made).toHaveLength(0);
  });

  it('with sound off: no context at the first touch, silence, and the context suspended; on again plays', () => {
    const audio = fakeAudio();
    const engine = createSoundEngine(audio.factory, notesOf);
    engine.setEnabled(false);
    engine.unlock();
    engine.play({ kind: 'open' });
    expect(audio.made).toHaveLength(0);

    engine.setEnabled(true);
    expect(audio.made).toHaveLength(1);
    engine.play({ kind: 'tick' });
    expect(audio.started()).toBe(1);

    engine.setEnabled(false);
    expect(audio.made[0]!.state).toBe('suspended');
    engine.play({ kind: 'tick' });
    engine.play({ kind: 'upgrade-win' });
    expect(audio.started()).toBe(1);

    engine.setEnabled(true);
    expect(audio.made[0]!.state).toBe('running');
    engine.play({ kind: 'tick' });
    expect(audio.started()).toBe(2);
  });

  it('stays silent, without throwing, where there is no Web Audio', () => {
    let asked = 0;
    const engine = createSoundEngine(() => {
      asked++;
      return null;
    }, notesOf);
    engine.setEnabled(true);
    engine.unlock();
    expect(() => engine.play({ kind: 'win', rarity: 'covert' })).not.toThrow();
    expect(engine.audible()).toBe(false);
    const throwing = createSoundEngine(() => {
      throw new Error('NotAllowedError');
    }, notesOf);
    throwing.setEnabled(true);
    expect(() => throwing.unlock()).not.toThrow();
    expect(() => throwing.play({ kind: 'tick' })).not.toThrow();
    expect(asked).toBe(1);
  });
});

describe('the roulette ticks', () => {
  it('names the card under the marker as the strip moves, one step per card pitch', () => {
    // A 400 px window, cards 128 px apart: at rest the marker (200 px) is over card 1.
    expect(cardAtMarker(0, 400, 128)).toBe(1);
    expect(cardAtMarker(55, 400, 128)).toBe(1);
    expect(cardAtMarker(56, 400, 128)).toBe(2);
    expect(cardAtMarker(56 + 128 * 10, 400, 128)).toBe(12);
    expect(cardAtMarker(100, 400, 0)).toBe(0);
  });

  it('lays out one tick per card reaching the marker, dense at first and slowing to the stop, inside the run', () => {
    // A 400 px window, cards 128 px apart, a run of 40 cards over 5.2 s.
    const times = tickTimes(128 * 40, 400, 128, 5200);
    expect(times.length).toBeGreaterThan(15);
    expect(times.length).toBeLessThanOrEqual(40);
    expect(times[0]).toBeGreaterThan(0);
    expect(times.at(-1)).toBeLessThan(5200);
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(TICK_GAP_MS);
    // The easing slows the strip: the last gaps are longer than the first.
    expect(gaps.at(-1)!).toBeGreaterThan(gaps[0]! * 3);
    // The curve's time for a share of the way: none at the start, all at the end, most of the way early.
    expect(timeAt(0)).toBe(0);
    expect(timeAt(1)).toBe(1);
    expect(timeAt(0.8)).toBeLessThan(0.5);
    expect(tickTimes(0, 400, 128, 5200)).toEqual([]);
  });

  it('plays a tick later on the audio clock and can silence the ticks not yet heard', () => {
    const audio = fakeAudio();
    const engine = createSoundEngine(audio.factory, notesOf);
    engine.setEnabled(true);
    engine.unlock();
    const silenced: number[] = [];
    const context = audio.made[0]!;
    const make = context.createOscillator.bind(context);
    context.createOscillator = () => {
      const osc = make();
      osc.disconnect = () => void silenced.push(1);
      return osc;
    };
    const stop = engine.play({ kind: 'tick' }, 2.5);
    expect(context.started.map((s) => s.at)).toEqual([expect.closeTo(2.505, 5)]);
    stop();
    expect(silenced.length).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import { DARK_TEXT, readableTextOn } from '#app/lib/readable-text.ts';

describe('the text colour on a label', () => {
  it('is dark on light and bright colours, white on deep ones', () => {
    expect(readableTextOn('#ff8a3d')).toBe(DARK_TEXT); // the default orange: white reads at 2.3:1
    expect(readableTextOn('#ffd166')).toBe(DARK_TEXT);
    expect(readableTextOn('#2fbf71')).toBe(DARK_TEXT);
    expect(readableTextOn('#1b2340')).toBe('#ffffff');
    expect(readableTextOn('#6a1b9a')).toBe('#ffffff');
    expect(readableTextOn('#FFF')).toBe(DARK_TEXT);
  });

  it('leaves a colour it cannot read to the stylesheet', () => {
    expect(readableTextOn('red')).toBeNull();
    expect(readableTextOn('linear-gradient(#000, #fff)')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { fallbackFor, fallsBack } from '../app/lib/image-fallback.ts';

describe('real pictures falling back to drawings', () => {
  const origin = 'https://store.example';

  it("swaps only another host's https pictures", () => {
    expect(fallsBack('https://cdn.example/a.webp', origin)).toBe(true);
    expect(fallsBack('https://store.example/img/items/a.svg', origin)).toBe(false);
    expect(fallsBack('http://cdn.example/a.webp', origin)).toBe(false);
    expect(fallsBack('/img/items/a.svg', origin)).toBe(false);
    expect(fallsBack('data:image/png;base64,AAAA', origin)).toBe(false);
    expect(fallsBack('https://', origin)).toBe(false);
  });

  it('asks the server for the drawing by the whole address', () => {
    expect(fallbackFor('https://cdn.example/a b.webp?x=1&y=2')).toBe('/img/fallback?src=https%3A%2F%2Fcdn.example%2Fa%20b.webp%3Fx%3D1%26y%3D2');
  });
});

/** Dark or white text, whichever reads better on a given #rrggbb background (WCAG contrast). */
const DARK = '#05060a';
const LIGHT = '#ffffff';

function luminance(hex: string): number {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return 0;
  const n = parseInt(m[1]!, 16);
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

export function readableTextOn(background: string): string {
  const l = luminance(background);
  const white = 1.05 / (l + 0.05);
  const dark = (l + 0.05) / (luminance(DARK) + 0.05);
  return dark >= white ? DARK : LIGHT;
}

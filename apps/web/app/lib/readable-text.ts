/**
 * The text colour that reads on a background an operator chose (a case label's colour): dark or
 * white, whichever has the higher contrast by WCAG's relative luminance. Null for a colour it
 * cannot read (a name, a gradient): the stylesheet's own colour then stands.
 */
export const DARK_TEXT = '#16110a';

const channel = (v: number) => {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

export function readableTextOn(background: string): string | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(background.trim());
  if (!m) return null;
  const hex = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  const [r, g, b] = [0, 2, 4].map((i) => channel(parseInt(hex.slice(i, i + 2), 16)));
  const lum = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  const dark = 0.0086; // the luminance of DARK_TEXT, near black
  const onWhite = 1.05 / (lum + 0.05);
  const onDark = (lum + 0.05) / (dark + 0.05);
  return onDark > onWhite ? DARK_TEXT : '#ffffff';
}

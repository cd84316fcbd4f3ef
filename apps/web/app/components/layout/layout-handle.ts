/**
 * What a nested layout tells the default one through its route `handle` (spec §2 layouts): a
 * focused layout (refill) keeps the header and footer but drops the live drops above the page.
 */
export interface LayoutHandle {
  layout: 'main-page' | 'refill';
  focused?: boolean;
}

export const isFocused = (matches: readonly { handle?: unknown }[]): boolean =>
  matches.some((m) => typeof m.handle === 'object' && m.handle !== null && (m.handle as Partial<LayoutHandle>).focused === true);

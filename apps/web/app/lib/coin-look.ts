import { DEFAULT_COIN_COLOR } from '@store/shared/battle-pass';

/**
 * How event coins look: the running event's coin icon and colour, or, with no event or when its
 * settings did not load, the default coin in #F03573 (spec §8). `icon` null means the built-in
 * coin drawn inline, so the fallback needs no request at all.
 */
export interface CoinLook {
  icon: string | null;
  color: string;
}

export const DEFAULT_COIN_LOOK: CoinLook = { icon: null, color: DEFAULT_COIN_COLOR };

const COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
// Only our own images or https: an icon is put in an <img>, never in CSS.
const ICON = /^(?:\/(?!\/)|https:\/\/)\S+$/;

export function coinLookOf(settings: { coinIcon?: string | null; coinColor?: string | null } | null | undefined): CoinLook {
  if (!settings) return DEFAULT_COIN_LOOK;
  const color = settings.coinColor && COLOR.test(settings.coinColor) ? settings.coinColor : DEFAULT_COIN_COLOR;
  const icon = settings.coinIcon && ICON.test(settings.coinIcon) ? settings.coinIcon : null;
  return { icon, color };
}

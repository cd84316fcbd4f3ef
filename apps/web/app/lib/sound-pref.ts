/**
 * Whether a player has the store's sounds on, kept in this browser per player (decision 045): each
 * signed-in player under their own key, every guest under one. Sound is on unless the player
 * turned it off; anything else under the key (a hand edit, an old format) counts as on.
 */

/** The stored value (JSON, as `use-stored.ts` writes it): only `false` is off. */
export function parseSoundOn(raw: string | null): boolean {
  return raw?.trim() !== 'false';
}

import type { Executor } from '../../db/client.ts';
import { marketingSessions } from './schema.ts';

/** Whether a landing address came from an ad or a campaign: a utm_* tag or Facebook's click id. */
function isCampaignUrl(sessionUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(sessionUrl, 'https://store.invalid');
  } catch {
    return false;
  }
  return [...url.searchParams.keys()].some((k) => k.toLowerCase().startsWith('utm_') || k.toLowerCase() === 'fbclid');
}

/**
 * Records a visit's landing page and ad cookies (spec §7) when it says where the player came from:
 * an ad network's cookie, or campaign tags in the address. Plain visits are not kept.
 */
export async function recordMarketingSession(db: Executor, userId: number, s: { session_url: string; fbp?: string; fbc?: string }): Promise<boolean> {
  const fbp = s.fbp?.trim() || null;
  const fbc = s.fbc?.trim() || null;
  if (!fbp && !fbc && !isCampaignUrl(s.session_url)) return false;
  await db.insert(marketingSessions).values({ userId, sessionUrl: s.session_url, fbp, fbc });
  return true;
}

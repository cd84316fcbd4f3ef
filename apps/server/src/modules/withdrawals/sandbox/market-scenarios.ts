import { createHash } from 'node:crypto';

/**
 * What the sandbox marketplace does with an order (decision 018), chosen like a payment
 * sandbox's test card numbers: by how the trade link's token begins, so a demo or a test asks for
 * a failure by the link it saves. Any other token is an ordinary purchase.
 * - `unavail…`: nobody sells the item (`no_offers`); `pricey…`: its price moved above our ceiling;
 * - `nosend…`: the seller never sends, and the order fails when the seller's time runs out;
 * - `decline…`: the offer is sent and the player lets it expire;
 * - `lost…`: the first purchase request is carried out but its reply never arrives;
 * - `stall…`: the order is placed, then every status request fails with a 502.
 */
export const SCENARIOS = ['ok', 'unavail', 'pricey', 'nosend', 'decline', 'lost', 'stall'] as const;
export type Scenario = (typeof SCENARIOS)[number];

export function scenarioOf(token: string): Scenario {
  return SCENARIOS.find((s) => s !== 'ok' && token.toLowerCase().startsWith(s)) ?? 'ok';
}

/** Seconds, before the time scale: what real sellers and players take. */
const SELLER_SENDS = [3, 15];
const PLAYER_ACCEPTS = [5, 25];
const SELLER_TIMEOUT = 120;
const OFFER_LIFETIME = 600;
const DECLINED_AFTER = 20;

/** A number in [lo, hi] fixed by the order's id, so an order's timeline never changes. */
function spread(id: string, salt: string, [lo, hi]: number[]): number {
  const n = createHash('sha256').update(`${salt}:${id}`).digest().readUInt32BE(0) / 2 ** 32;
  return lo! + n * (hi! - lo!);
}

/** Seconds an ordinary order's seller takes to send (before the time scale). */
export const sellerSendsAfter = (id: string): number => spread(id, 'send', SELLER_SENDS);
/** Seconds from an ordinary order's placing to the player's acceptance: the seller's and the player's share of a withdrawal, none of it the store's. */
export const acceptedAfter = (id: string): number => sellerSendsAfter(id) + spread(id, 'accept', PLAYER_ACCEPTS);

export type SandboxStage = { stage: '1'; tradeId: string | null; sendUntil: number | null } | { stage: '2'; tradeId: string } | { stage: '5'; reason: string };

/**
 * Where an order placed at `createdAt` stands at `now` (times scaled by `scale`): a pure function
 * of its age, so the sandbox needs no job of its own and survives restarts like a real service.
 */
export function stageAt(o: { id: string; scenario: Scenario; createdAt: Date }, now: Date, scale: number): SandboxStage {
  const age = (now.getTime() - o.createdAt.getTime()) / 1000 / scale;
  const tradeId = `sbx${o.id.replace(/\D/g, '').slice(-10) || '1'}`;
  const sendsAt = sellerSendsAfter(o.id);
  if (o.scenario === 'nosend') return age >= SELLER_TIMEOUT ? { stage: '5', reason: 'seller_timeout' } : { stage: '1', tradeId: null, sendUntil: null };
  if (age < sendsAt) return { stage: '1', tradeId: null, sendUntil: null };
  const sendUntil = Math.floor((o.createdAt.getTime() + (sendsAt + OFFER_LIFETIME) * 1000 * scale) / 1000);
  if (o.scenario === 'decline') return age >= sendsAt + DECLINED_AFTER ? { stage: '5', reason: 'offer_declined' } : { stage: '1', tradeId, sendUntil };
  return age >= acceptedAfter(o.id) ? { stage: '2', tradeId } : { stage: '1', tradeId, sendUntil };
}

/** The sandbox's Steam bot for the invite: a real marketplace needs the operator's STEAM_BOT_ID. */
export const SANDBOX_STEAM_BOT_ID = '76561199512345678';

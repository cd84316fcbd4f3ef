/**
 * Case label precedence of spec §4: the first rule that matches decides the one label a case
 * card shows.
 */
export type LabelType = 'bestseller' | 'cashback' | 'fifty_fifty' | 'free' | 'new' | 'update' | 'exclusive' | 'custom';

export interface LabelInput {
  available: boolean;
  isLanding?: boolean;
  isOffer?: boolean;
  coinPriced?: boolean;
  multifixNumber?: number | null;
  multicastRange?: readonly [number, number] | null;
  label?: { type: LabelType | string; name?: string | null; color?: string | null } | null;
  landingStage?: boolean;
  everyNOpenFree?: number | null;
}

export type CaseLabel =
  | { kind: 'ended'; color: 'red' }
  | { kind: 'multifix'; n: number }
  | { kind: 'multicast'; from: number; to: number }
  | { kind: 'named'; name: string; color: string | null }
  | { kind: 'new' }
  | { kind: 'free_every'; n: number }
  | { kind: 'type'; type: 'update' | 'bestseller' | 'cashback' | 'exclusive' }
  | { kind: 'custom'; name: string; color: string | null };

export function caseLabel(c: LabelInput): CaseLabel | null {
  if (!c.available && !c.isLanding && !c.isOffer && !c.coinPriced) return { kind: 'ended', color: 'red' };
  if (c.multifixNumber) return { kind: 'multifix', n: c.multifixNumber };
  if (c.multicastRange) return { kind: 'multicast', from: c.multicastRange[0], to: c.multicastRange[1] };
  const name = c.label?.name ?? '';
  const color = c.label?.color ?? null;
  if (/multicast|clutch/i.test(name)) return { kind: 'named', name, color };
  if (c.label?.type === 'new' || c.landingStage) return { kind: 'new' };
  if (c.everyNOpenFree) return { kind: 'free_every', n: c.everyNOpenFree };
  const type = c.label?.type;
  if (type === 'update' || type === 'bestseller' || type === 'cashback' || type === 'exclusive') return { kind: 'type', type };
  if (type === 'custom' && name) return { kind: 'custom', name, color };
  return null;
}

import { describe, expect, it } from 'vitest';
import { caseLabel, type LabelInput } from '../src/case-label.ts';

const base: LabelInput = { available: true };

describe('case label precedence (spec §4)', () => {
  it('shows Ended in red for an unavailable ordinary case, before anything else', () => {
    expect(caseLabel({ ...base, available: false, multifixNumber: 2, label: { type: 'new' } })).toEqual({ kind: 'ended', color: 'red' });
  });
  it('does not end landing, offer or coin-priced cases', () => {
    expect(caseLabel({ ...base, available: false, isOffer: true, label: { type: 'new' } })).toEqual({ kind: 'new' });
    expect(caseLabel({ ...base, available: false, isLanding: true })).toBeNull();
    expect(caseLabel({ ...base, available: false, coinPriced: true, multifixNumber: 3 })).toEqual({ kind: 'multifix', n: 3 });
  });
  it('ranks multifix over multicast over named Multicast/Clutch labels', () => {
    expect(caseLabel({ ...base, multifixNumber: 2, multicastRange: [1, 3] })).toEqual({ kind: 'multifix', n: 2 });
    expect(caseLabel({ ...base, multicastRange: [1, 3], label: { type: 'custom', name: 'Clutch' } })).toEqual({ kind: 'multicast', from: 1, to: 3 });
    expect(caseLabel({ ...base, label: { type: 'new', name: 'Clutch hour', color: '#f00' } })).toEqual({ kind: 'named', name: 'Clutch hour', color: '#f00' });
  });
  it('ranks new over free-every-N over types over custom', () => {
    expect(caseLabel({ ...base, label: { type: 'new' }, everyNOpenFree: 10 })).toEqual({ kind: 'new' });
    expect(caseLabel({ ...base, landingStage: true, label: { type: 'bestseller' } })).toEqual({ kind: 'new' });
    expect(caseLabel({ ...base, everyNOpenFree: 10, label: { type: 'bestseller' } })).toEqual({ kind: 'free_every', n: 10 });
    expect(caseLabel({ ...base, label: { type: 'cashback' } })).toEqual({ kind: 'type', type: 'cashback' });
    expect(caseLabel({ ...base, label: { type: 'custom', name: 'Хит', color: '#0f0' } })).toEqual({ kind: 'custom', name: 'Хит', color: '#0f0' });
  });
  it('shows no label when nothing applies', () => {
    expect(caseLabel(base)).toBeNull();
    expect(caseLabel({ ...base, label: { type: 'custom', name: '' } })).toBeNull();
    expect(caseLabel({ ...base, label: { type: 'custom', name: null } })).toBeNull();
    // A type the store does not know shows nothing, even with a name.
    expect(caseLabel({ ...base, label: { type: 'promo', name: 'Hot' } })).toBeNull();
  });
  it('shows each of the type labels as such', () => {
    for (const type of ['update', 'bestseller', 'cashback', 'exclusive'] as const) {
      expect(caseLabel({ ...base, label: { type, name: 'ignored' } })).toEqual({ kind: 'type', type });
    }
  });
  it('shows a named or custom label without a colour as uncoloured', () => {
    expect(caseLabel({ ...base, label: { type: 'custom', name: 'Multicast' } })).toEqual({ kind: 'named', name: 'Multicast', color: null });
    expect(caseLabel({ ...base, label: { type: 'custom', name: 'Хит', color: null } })).toEqual({ kind: 'custom', name: 'Хит', color: null });
  });
});

import { describe, expect, it } from 'vitest';
import { openCounts } from '../src/open-counts.ts';

describe('openCounts', () => {
  it('offers 1 to the maximum for a plain case', () => {
    expect(openCounts({ multifixNumber: null, multicastRange: null, maxMultiOpen: 5 })).toEqual([1, 2, 3, 4, 5]);
  });
  it('offers only the fixed number for a multifix case', () => {
    expect(openCounts({ multifixNumber: 3, multicastRange: null, maxMultiOpen: 5 })).toEqual([3]);
  });
  it('offers the multicast range', () => {
    expect(openCounts({ multifixNumber: null, multicastRange: [2, 4], maxMultiOpen: 5 })).toEqual([2, 3, 4]);
  });
});

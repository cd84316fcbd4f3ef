import { describe, expect, it } from 'vitest';
import { captureSavedQuery, parseSavedQuery } from '../src/saved-query.ts';

describe('saved query', () => {
  it('keeps offerId and rollId from the query, skipping empty values and other parameters', () => {
    expect(captureSavedQuery({ offerId: '12', rollId: '', utm_source: 'x', page: '2' }, {})).toEqual({ offerId: '12' });
    expect(captureSavedQuery({ rollId: '  77 ' }, { offerId: '12' })).toEqual({ offerId: '12', rollId: '77' });
  });

  it('cuts a value before the u_tm marker, and drops one that is nothing but the marker', () => {
    expect(captureSavedQuery({ offerId: '5u_tm=1' }, {})).toEqual({ offerId: '5' });
    expect(captureSavedQuery({ offerId: 'u_tm' }, { offerId: '3' })).toEqual({ offerId: '3' });
  });

  it('a new value replaces the saved one; an absent key keeps it', () => {
    expect(captureSavedQuery({ offerId: '9' }, { offerId: '3', rollId: '1' })).toEqual({ offerId: '9', rollId: '1' });
    expect(captureSavedQuery({}, { offerId: '3' })).toEqual({ offerId: '3' });
  });

  it('bounds a value that is too long', () => {
    expect(captureSavedQuery({ offerId: '1'.repeat(500) }, {}).offerId).toHaveLength(64);
  });

  it('discards malformed or wrongly typed stored data', () => {
    for (const raw of [null, '', 'not json', '[]', '"x"', '42', 'null']) expect(parseSavedQuery(raw)).toEqual({});
    expect(parseSavedQuery('{"offerId":5,"rollId":"7","other":"x"}')).toEqual({ rollId: '7' });
    expect(parseSavedQuery('{"offerId":"","rollId":"7"}')).toEqual({ rollId: '7' });
  });
});

import { describe, expect, it } from 'vitest';
import { BattleAnswerError, battleFailText, requireAnswer } from '#app/features/battles/utils/battle-answer.ts';
import '#app/lib/i18n-all.ts';
import { i18nFor } from '#app/lib/i18n.ts';

describe('battle answers the page needs (spec §5)', () => {
  it('a created battle must name its ulid, else "Create battle error"', () => {
    const created = { battleUlid: '01J0000000000000000000000A', balance: 5 };
    expect(requireAnswer('create', created, (r) => !!r.battleUlid)).toBe(created);
    expect(() => requireAnswer('create', { battleUlid: '', balance: 5 }, (r) => !!r.battleUlid)).toThrow('Create battle error');
    expect(() => requireAnswer('create', null)).toThrow('Create battle error');
  });

  it('an empty start, cancel or sale answer is its step error; a sale reuses the cancel one', () => {
    expect(() => requireAnswer('start', {})).toThrow('Battle Start error');
    expect(() => requireAnswer('cancel', undefined)).toThrow('Cancel Battle Start error');
    expect(() => requireAnswer('sell', {})).toThrow('Cancel Battle Start error');
    expect(requireAnswer('cancel', { balance: 10 })).toEqual({ balance: 10 });
  });

  it("tells the player the catalogue's generic error in their language, and a server's own message as it is", () => {
    for (const lang of ['ru', 'en'] as const) {
      const t = i18nFor(lang).t;
      expect(battleFailText(t, new BattleAnswerError('start'))).toBe(t('alertCodes.error_occurred'));
      expect(battleFailText(t, new BattleAnswerError('start'))).not.toBe('alertCodes.error_occurred');
      expect(battleFailText(t, new Error('Недостаточно средств'))).toBe('Недостаточно средств');
    }
  });
});

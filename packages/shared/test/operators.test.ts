import { describe, expect, it } from 'vitest';
import {
  OPERATOR_ACTIONS,
  OPERATOR_PERMISSIONS,
  OPERATOR_ROLES,
  isAdminRole,
  isOperatorRole,
  mayDo,
  operatorRefusal,
} from '../src/operators.ts';
import { errorCatalogue } from '../src/errors.ts';

describe('operator permissions (decision 029)', () => {
  it('lets an admin do every action', () => {
    for (const action of OPERATOR_ACTIONS) expect(mayDo('admin', action)).toBe(true);
  });
  it('lets support help players (and act on their withdrawals) but never touch money, flags, tech-work, cases, promotions, the dashboard or the audit', () => {
    const allowed = OPERATOR_ACTIONS.filter((a) => mayDo('support', a)).sort();
    expect(allowed).toEqual([
      'cases.read',
      'flags.read',
      'payments.read',
      'players.block',
      'players.read',
      'players.sessions',
      'promotions.read',
      'withdrawals.read',
      'withdrawals.write',
    ]);
  });
  it('gives a player nothing', () => {
    for (const action of OPERATOR_ACTIONS) expect(mayDo(null, action)).toBe(false);
  });
  it('refuses with the code for who the caller is', () => {
    for (const action of OPERATOR_ACTIONS) {
      expect(operatorRefusal(null, action)).toBe('authentication');
      expect(operatorRefusal({ role: null }, action)).toBe('operator_only');
      expect(operatorRefusal({ role: 'admin' }, action)).toBeNull();
      expect(operatorRefusal({ role: 'support' }, action)).toBe(mayDo('support', action) ? null : 'admin_only');
    }
  });
  it('names only known roles, and every refusal is in the catalogue as 401 or 403', () => {
    for (const roles of Object.values(OPERATOR_PERMISSIONS)) for (const r of roles) expect(OPERATOR_ROLES).toContain(r);
    expect(isOperatorRole('support')).toBe(true);
    expect(isOperatorRole('none')).toBe(false);
    expect(isOperatorRole(null)).toBe(false);
    expect(errorCatalogue.operator_only.status).toBe(403);
    expect(errorCatalogue.admin_only.status).toBe(403);
    expect(errorCatalogue.account_blocked.status).toBe(403);
  });
  it('makes the spec’s admin flag the admin role alone', () => {
    expect(isAdminRole('admin')).toBe(true);
    expect(isAdminRole('support')).toBe(false);
    expect(isAdminRole(null)).toBe(false);
  });
});

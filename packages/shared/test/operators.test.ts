import { describe, expect, it } from 'vitest';
import {
  OPERATOR_ACTIONS,
  OPERATOR_PERMISSIONS,
  OPERATOR_ROLES,
  ROLE_RANK,
  isActingAdmin,
  isAdminRole,
  isOperatorRole,
  lastAdminRefusal,
  mayDo,
  operatorRefusal,
  operatorTargetRefusal,
  roleRank,
  type OperatorRole,
} from '../src/operators.ts';
import { errorCatalogue } from '../src/errors.ts';

describe('operator permissions (decision 029)', () => {
  it('lets an admin do every action', () => {
    for (const action of OPERATOR_ACTIONS) expect(mayDo('admin', action)).toBe(true);
  });
  it('lets support help players (and act on their withdrawals) but never touch money, flags, tech-work, cases, prices, promotions, the dashboard or the audit', () => {
    const allowed = OPERATOR_ACTIONS.filter((a) => mayDo('support', a)).sort();
    expect(allowed).toEqual([
      'cases.read',
      'flags.read',
      'payments.read',
      'players.block',
      'players.read',
      'players.sessions',
      'prices.read',
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

describe('operator ranks (decision 059)', () => {
  const roles: (OperatorRole | null)[] = [null, 'support', 'admin'];
  it('orders a player below support below admin', () => {
    expect(roles.map(roleRank)).toEqual([0, 1, 2]);
    expect(ROLE_RANK).toEqual({ none: 0, support: 1, admin: 2 });
  });
  it('lets an operator act only on an account of a strictly lower role, never on their own', () => {
    const mayAct = (actor: OperatorRole | null, target: OperatorRole | null) => operatorTargetRefusal({ id: 1, role: actor }, { id: 2, role: target }) === null;
    const table = roles.map((actor) => roles.map((target) => mayAct(actor, target)));
    expect(table).toEqual([
      // a player (the guard stops them earlier) acts on nobody
      [false, false, false],
      // support acts on players only: not on another support, not on an admin
      [true, false, false],
      // an admin acts on players and support, not on another admin
      [true, true, false],
    ]);
    for (const role of roles) expect(operatorTargetRefusal({ id: 7, role }, { id: 7, role })).toBe('operator_rank');
    expect(errorCatalogue.operator_rank.status).toBe(403);
  });
  it('lets the command line act on anyone', () => {
    for (const role of roles) expect(operatorTargetRefusal(null, { id: 1, role })).toBeNull();
  });
  it('refuses only the change that takes away the last acting admin', () => {
    const admin = { role: 'admin' as const, blocked: false };
    const blockedAdmin = { role: 'admin' as const, blocked: true };
    const support = { role: 'support' as const, blocked: false };
    const player = { role: null, blocked: false };
    expect(isActingAdmin(admin)).toBe(true);
    expect(isActingAdmin(blockedAdmin)).toBe(false);
    expect(isActingAdmin(support)).toBe(false);
    // blocking or demoting the only acting admin
    expect(lastAdminRefusal(admin, blockedAdmin, 1)).toBe('last_admin');
    expect(lastAdminRefusal(admin, support, 1)).toBe('last_admin');
    expect(lastAdminRefusal(admin, player, 1)).toBe('last_admin');
    // another acting admin remains
    expect(lastAdminRefusal(admin, blockedAdmin, 2)).toBeNull();
    expect(lastAdminRefusal(admin, player, 2)).toBeNull();
    // nothing taken away: an admin stays one, a blocked admin or anyone else changes
    expect(lastAdminRefusal(admin, admin, 1)).toBeNull();
    expect(lastAdminRefusal(blockedAdmin, player, 0)).toBeNull();
    expect(lastAdminRefusal(blockedAdmin, admin, 0)).toBeNull();
    expect(lastAdminRefusal(support, { role: 'support', blocked: true }, 1)).toBeNull();
    expect(lastAdminRefusal(player, { role: null, blocked: true }, 0)).toBeNull();
    expect(errorCatalogue.last_admin.status).toBe(403);
  });
});

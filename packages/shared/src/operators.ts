/**
 * Who may run the store from the operator console (decision 029). One table says which role may
 * do each operator action; the server's guard reads it for every `/api/v1/admin/*` call, and the
 * console reads the same table to show only what the operator may use.
 */

/** The roles an account may hold; a player holds none. `admin` is the spec's `admin` flag of a user. */
export const OPERATOR_ROLES = ['support', 'admin'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/**
 * Every operator action and the roles allowed to do it. Support helps players (finds them, reads
 * their money and blocks or unblocks them) but never changes money, flags, the tech-work page or
 * cases and their odds (it reads cases to answer players); only admins read the audit of what
 * operators did.
 */
export const OPERATOR_PERMISSIONS = {
  'players.read': ['support', 'admin'],
  'players.block': ['support', 'admin'],
  // Ending a session of a stolen account is help to the player, not a money setting.
  'players.sessions': ['support', 'admin'],
  'players.balance': ['admin'],
  'audit.read': ['admin'],
  'flags.read': ['support', 'admin'],
  'flags.write': ['admin'],
  'techwork.write': ['admin'],
  'cases.read': ['support', 'admin'],
  'cases.write': ['admin'],
  // Prices that follow the market (decision 078): support reads them; running the job, publishing
  // a proposed odds version or taking a case off sale changes what players are offered.
  'prices.read': ['support', 'admin'],
  'prices.write': ['admin'],
  'dashboard.read': ['admin'],
  'withdrawals.read': ['support', 'admin'],
  'withdrawals.write': ['support', 'admin'],
  'payments.read': ['support', 'admin'],
  // Countries, methods, limits, bonus levels and the coins factor (decision 076): money settings.
  'payments.settings': ['admin'],
  'promotions.read': ['support', 'admin'],
  'promotions.write': ['admin'],
  // Players' data and money taken out of the store as files (decision 074).
  'exports.read': ['admin'],
} as const satisfies Record<string, readonly OperatorRole[]>;
export type OperatorAction = keyof typeof OPERATOR_PERMISSIONS;
export const OPERATOR_ACTIONS = Object.keys(OPERATOR_PERMISSIONS) as OperatorAction[];

export const isOperatorRole = (value: unknown): value is OperatorRole =>
  typeof value === 'string' && (OPERATOR_ROLES as readonly string[]).includes(value);

/** Whether an account with this role (null: a player) may do the action. */
export function mayDo(role: OperatorRole | null, action: OperatorAction): boolean {
  return role !== null && (OPERATOR_PERMISSIONS[action] as readonly OperatorRole[]).includes(role);
}

/** The catalogue code that refuses a caller, or null when they may: a guest signs in, a player is no operator, support lacks the role. */
export function operatorRefusal(
  caller: { role: OperatorRole | null } | null,
  action: OperatorAction,
): 'authentication' | 'operator_only' | 'admin_only' | null {
  if (!caller) return 'authentication';
  if (caller.role === null) return 'operator_only';
  return mayDo(caller.role, action) ? null : 'admin_only';
}

/** The spec's `admin` flag of a user: the admin role, and nothing else. */
export const isAdminRole = (role: OperatorRole | null): boolean => role === 'admin';

/** The roles by rank (decision 059): a player (no role) < support < admin. */
export const ROLE_RANK = { none: 0, support: 1, admin: 2 } as const satisfies Record<OperatorRole | 'none', number>;
export const roleRank = (role: OperatorRole | null): number => ROLE_RANK[role ?? 'none'];

/**
 * Whether an operator may act on an account (block or unblock it, end its sessions, move its money
 * or items, act on its withdrawals, set its role): only on a strictly lower rank, so never on
 * their own account nor on an operator of their role or above. `null` is the command line, which
 * runs with the server's own rights and may act on anyone.
 */
export function operatorTargetRefusal(
  actor: { id: number; role: OperatorRole | null } | null,
  target: { id: number; role: OperatorRole | null },
): 'operator_rank' | null {
  if (actor === null) return null;
  return actor.id !== target.id && roleRank(actor.role) > roleRank(target.role) ? null : 'operator_rank';
}

/** Whether an account counts towards the store's admins: the admin role, not blocked (a blocked admin runs nothing). */
export const isActingAdmin = (s: { role: OperatorRole | null; blocked: boolean }): boolean => s.role === 'admin' && !s.blocked;

/**
 * The refusal of a change of an account's standing that would leave the store with no acting
 * admin (blocking or demoting the last one), or null. `actingAdmins` counts the acting admins
 * before the change, this account included.
 */
export function lastAdminRefusal(
  before: { role: OperatorRole | null; blocked: boolean },
  after: { role: OperatorRole | null; blocked: boolean },
  actingAdmins: number,
): 'last_admin' | null {
  return isActingAdmin(before) && !isActingAdmin(after) && actingAdmins <= 1 ? 'last_admin' : null;
}

/** What an audit row can be about: every operator change names one (the audit page filters by them). */
export const AUDIT_TARGET_KINDS = ['player', 'case', 'withdrawal', 'promo_code', 'offer', 'leaderboard', 'event', 'flag', 'techwork', 'export', 'payment_settings', 'prices'] as const;
export type AuditTargetKind = (typeof AUDIT_TARGET_KINDS)[number];

/** A balance adjustment's reason, as the operator types it (it lands in the ledger and the audit). */
export const ADJUSTMENT_REASON = { min: 3, max: 500 } as const;

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
  'dashboard.read': ['admin'],
  'withdrawals.read': ['support', 'admin'],
  'withdrawals.write': ['support', 'admin'],
  'payments.read': ['support', 'admin'],
  'promotions.read': ['support', 'admin'],
  'promotions.write': ['admin'],
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

/** What an audit row can be about: every operator change names one (the audit page filters by them). */
export const AUDIT_TARGET_KINDS = ['player', 'case', 'withdrawal', 'promo_code', 'offer', 'leaderboard', 'event', 'flag', 'techwork'] as const;
export type AuditTargetKind = (typeof AUDIT_TARGET_KINDS)[number];

/** A balance adjustment's reason, as the operator types it (it lands in the ledger and the audit). */
export const ADJUSTMENT_REASON = { min: 3, max: 500 } as const;

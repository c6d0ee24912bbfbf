/**
 * Who in the back office may do what: the one table of role × power (issue 21). Every admin call
 * declares the one power it needs (`defineAdminCall({ power })`); the gateway refuses a caller
 * whose role lacks it with `role_forbidden` (403) before the call runs. `gateway/test/
 * staff-roles.int.test.ts` walks every admin call with every role against this table.
 */
export const STAFF_ROLES = ['reviewer', 'operator', 'administrator'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ADMIN_POWERS = [
  /** The caller's own session: who am I, log out, enrol two-factor. */
  'self',
  /** Read the queues, lists, users and the evidence (ID photos, proofs). */
  'see',
  /** Decide KYC, deposits, withdrawals and loans. */
  'review',
  /** Create, edit, open and close IPOs, block offers and products, within what each module allows. */
  'listings',
  /** Act on a user's account: ban, freeze, bar from trading, end sessions, reset two-factor, credit. */
  'users',
  /** Write and publish news. */
  'news',
  /** The house's settings and exchange calendars. */
  'config',
  /** Create and disable staff, change roles, read the audit log and the queues. */
  'staff',
  /** Ask for and approve corrections (reversal journals, four eyes), run the reconcile report. */
  'ledger',
] as const;
export type AdminPower = (typeof ADMIN_POWERS)[number];

export const ROLE_POWERS: Readonly<Record<StaffRole, readonly AdminPower[]>> = {
  // Decides on evidence; cannot touch listings, users' flags, settings or staff.
  reviewer: ['self', 'see', 'review'],
  // Runs the house: listings, users, news and settings; does not decide reviews or manage staff.
  operator: ['self', 'see', 'listings', 'users', 'news', 'config'],
  administrator: ADMIN_POWERS,
};

export function isStaffRole(role: string): role is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(role);
}

/** Whether a role (as stored) has a power; an unknown role has none. */
export function roleMay(role: string, power: AdminPower): boolean {
  return isStaffRole(role) && ROLE_POWERS[role].includes(power);
}

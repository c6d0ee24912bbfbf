import type { Currency } from '../money/currency.ts';
import { listOf, type ListOf } from '../../modules/define-module.ts';
import { MODULES, type Modules } from '../../modules/index.ts';

/** A user's accounts per currency (DESIGN.md section 3). Holds follow pending -> post or void. */
export const USER_ACCOUNT_KINDS = [
  'cash',
  'hold:order',
  'hold:ipo',
  'hold:withdrawal',
  'hold:product',
  'hold:intraday',
  'hold:block',
  'margin',
  'loan',
] as const;

/** The platform's side of every posting. These may go negative (they face the outside world). */
const KERNEL_PLATFORM_ACCOUNT_KINDS = [
  'platform:bank',
  'platform:fees',
  'platform:stamp_duty',
  'platform:fx',
  'platform:interest',
  'platform:paper_grant',
  /** The house's side of leveraged positions: it pays profits and receives losses. */
  'platform:trading',
] as const;

/** The kernel's platform accounts and each module's own (`platformAccounts` in its manifest). */
export const PLATFORM_ACCOUNT_KINDS = [
  ...KERNEL_PLATFORM_ACCOUNT_KINDS,
  ...listOf(MODULES, 'platformAccounts'),
] as readonly PlatformAccountKind[];

export type UserAccountKind = (typeof USER_ACCOUNT_KINDS)[number];
export type PlatformAccountKind =
  (typeof KERNEL_PLATFORM_ACCOUNT_KINDS)[number] | ListOf<Modules, 'platformAccounts'>;
export type AccountKind = UserAccountKind | PlatformAccountKind;

export type AccountRef =
  | {
      readonly owner: 'user';
      readonly userId: number;
      readonly kind: UserAccountKind;
      readonly currency: Currency;
    }
  | { readonly owner: 'platform'; readonly kind: PlatformAccountKind; readonly currency: Currency };

/** The loan account holds debt as a negative balance; platform accounts face the outside. */
export function mayGoNegative(ref: AccountRef): boolean {
  return ref.owner === 'platform' || ref.kind === 'loan';
}

/** A stable text key for an account: `u:42:cash:JPY`, `platform:bank:JPY`. */
export function accountKey(ref: AccountRef): string {
  return ref.owner === 'user'
    ? `u:${ref.userId}:${ref.kind}:${ref.currency}`
    : `${ref.kind}:${ref.currency}`;
}

export function userAccount(userId: number, kind: UserAccountKind, currency: Currency): AccountRef {
  return { owner: 'user', userId, kind, currency };
}

export function platformAccount(kind: PlatformAccountKind, currency: Currency): AccountRef {
  return { owner: 'platform', kind, currency };
}

export function isHoldKind(kind: AccountKind): boolean {
  return kind.startsWith('hold:') || kind === 'margin';
}

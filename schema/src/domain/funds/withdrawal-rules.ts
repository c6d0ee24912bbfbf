import { isTradingDay } from '../market/holidays.ts';
import { localClock } from '../market/calendar-dates.ts';
import { platformAccount, userAccount } from '../ledger/accounts.ts';
import { transfer, type Posting } from '../ledger/journal.ts';
import type { Currency } from '../money/currency.ts';

/** DESIGN.md section 6: business days 09:00–15:30 JST, minimum ¥10,000. */
export const WITHDRAWAL_WINDOW = {
  openMinute: 9 * 60,
  closeMinute: 15 * 60 + 30,
  timeZone: 'Asia/Tokyo',
} as const;
export const WITHDRAWAL_MIN_JPY = 10_000n;

/** Whether a withdrawal may be requested at `ms`: a Japanese business day, 09:00 to 15:30 Tokyo time. */
export function withdrawalWindowOpen(ms: number): boolean {
  const { date, minuteOfDay } = localClock(ms, WITHDRAWAL_WINDOW.timeZone);
  return (
    isTradingDay('JP', date) &&
    minuteOfDay >= WITHDRAWAL_WINDOW.openMinute &&
    minuteOfDay < WITHDRAWAL_WINDOW.closeMinute
  );
}

/** Request: cash → hold:withdrawal. Paid: hold → the bank. Rejected: hold → cash, exactly. */
export function withdrawalHoldPostings(
  userId: number,
  currency: Currency,
  amountMinor: bigint,
): Posting[] {
  return transfer({
    from: userAccount(userId, 'cash', currency),
    to: userAccount(userId, 'hold:withdrawal', currency),
    amountMinor,
  });
}

export function withdrawalPaidPostings(
  userId: number,
  currency: Currency,
  amountMinor: bigint,
): Posting[] {
  return transfer({
    from: userAccount(userId, 'hold:withdrawal', currency),
    to: platformAccount('platform:bank', currency),
    amountMinor,
  });
}

export function withdrawalReturnedPostings(
  userId: number,
  currency: Currency,
  amountMinor: bigint,
): Posting[] {
  return transfer({
    from: userAccount(userId, 'hold:withdrawal', currency),
    to: userAccount(userId, 'cash', currency),
    amountMinor,
  });
}

/** An approved deposit: the bank's clearing account → the user's cash. */
export function depositPostings(
  userId: number,
  currency: Currency,
  amountMinor: bigint,
): Posting[] {
  return transfer({
    from: platformAccount('platform:bank', currency),
    to: userAccount(userId, 'cash', currency),
    amountMinor,
  });
}

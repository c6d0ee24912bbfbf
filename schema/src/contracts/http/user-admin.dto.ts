import { z } from 'zod';

/** The back office's view of users (`/api/admin/user/*`): search, detail and account actions. */
const userId = z.string().regex(/^[1-9]\d{0,17}$/);
/** Why staff acted: kept in the audit log (and never shown to the user as free text). */
const reason = z.string().trim().min(3).max(200);

export const userSearchRequest = z.strictObject({
  /** An account (or part of one), a name as verified (kanji or kana), or a transfer reference. */
  q: z.string().trim().min(2).max(64),
});
const userRow = {
  id: z.string(),
  account: z.string(),
  status: z.enum(['active', 'banned', 'frozen']),
  trading_barred: z.boolean(),
  created_at: z.number(),
};
export const userSearchResponse = z.array(
  z.object({ ...userRow, name_kanji: z.string().nullable() }),
);

export const userDetailRequest = z.strictObject({ id: userId });
export const userDetailResponse = z.object({
  ...userRow,
  totp_enabled: z.boolean(),
  live_sessions: z.number().int(),
  kyc: z.object({
    state: z.enum(['none', 'pending', 'verified', 'failed']),
    name_kanji: z.string().nullable(),
    name_kana: z.string().nullable(),
  }),
  /** Every ledger account the user has, in minor units as decimal strings of the currency. */
  balances: z.array(z.object({ kind: z.string(), currency: z.string(), amount: z.string() })),
  /** The newest 20 lines of the user's statement (cash), each with its entry number. */
  statement: z.array(
    z.object({
      journal_id: z.string(),
      time: z.number(),
      kind: z.string(),
      memo: z.string(),
      memo_params: z.record(z.string(), z.string()).nullable(),
      currency: z.string(),
      amount: z.string(),
      balance: z.string(),
    }),
  ),
});

export const userFlagsRequest = z
  .strictObject({
    id: userId,
    status: z.enum(['active', 'banned', 'frozen']).optional(),
    trading_barred: z.enum(['0', '1']).optional(),
    reason,
  })
  .refine((change) => change.status !== undefined || change.trading_barred !== undefined, {
    message: 'a status or trading_barred',
    path: ['status'],
  });
export const userActionRequest = z.strictObject({ id: userId, reason });
export const userSessionsEndedResponse = z.object({ ended: z.number().int() });

import { z } from 'zod';
import { CURRENCIES } from '../../domain/money/currency.ts';
import { JOURNAL_KINDS } from '../../domain/ledger/journal.ts';
import { STATEMENT_GROUP_NAMES } from '../../domain/ledger/statement-groups.ts';
import { displayCurrencyField, requestIdField, wholeNumberField } from './fields.ts';
import { namesOf } from './answers.ts';

/** A positive decimal amount in major units (the server checks the currency's decimals). */
export const amountField = z
  .string()
  .trim()
  .regex(/^\d{1,13}(\.\d{1,2})?$/);
export const currencyField = z
  .string()
  .trim()
  .toUpperCase()
  .pipe(z.enum(CURRENCIES as [string, ...string[]]));
const idField = wholeNumberField(1);
const fundPasswordField = z.string().regex(/^\d{6}$/);
const otpField = z.string().regex(/^\d{6}$/);

export const DOCUMENT_TYPES = ['drivers_licence', 'health_insurance', 'my_number'] as const;

/** `user/verify` (multipart with `front` and `back` images). */
export const kycSubmitRequest = z.strictObject({
  name_kanji: z.string().trim().min(1).max(60),
  name_kana: z.string().trim().min(1).max(60),
  id_number: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{4,20}$/),
  document_type: z.enum(DOCUMENT_TYPES),
  consent: z.string().optional(),
});
export const emptyRequest = z.strictObject({});
/** A call about one row of the caller’s own (an upload, a deposit, a message). */
export const idRequest = z.strictObject({ id: idField });

const cardFields = {
  holder_kana: z.string().trim().min(1).max(60),
  bank_name: z.string().trim().min(1).max(60),
  branch_name: z.string().trim().min(1).max(60),
  branch_code: z
    .string()
    .trim()
    .regex(/^\d{3}$/),
  card_type: z.enum(['ordinary', 'current']),
  account_number: z
    .string()
    .trim()
    .regex(/^\d{7}$/),
};
export const bankAddRequest = z.strictObject(cardFields);
export const bankEditRequest = z.strictObject({ card_id: idField, ...cardFields });
export const bankUnbindRequest = z.strictObject({ card_id: idField });

export const depositChannelRequest = z.strictObject({
  channel_id: idField,
  channel_password: z.string().trim().min(1).max(32),
});
/** `fund/deposit` (multipart with a `proof` image). */
export const depositRequest = z.strictObject({
  channel_id: idField,
  amount: amountField,
  request_id: requestIdField,
});

export const withdrawRequest = z.strictObject({
  card_id: idField,
  amount: amountField,
  fund_password: fundPasswordField,
  otp: otpField.optional(),
  request_id: requestIdField,
});
export const withdrawalListRequest = z.strictObject({ type: displayCurrencyField });

const exchangeFields = { from: currencyField, to: currencyField, amount: amountField };
export const exchangeQuoteRequest = z.strictObject(exchangeFields);
export const exchangeRequest = z.strictObject({
  ...exchangeFields,
  quote_id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional(),
  request_id: requestIdField,
});

/**
 * `fund/records` and `fund/records.csv`: `group` shows one statement group's kinds (deposits,
 * loans, …), `kind` one journal kind; both together show that kind if it is in the group.
 */
export const recordsRequest = z.strictObject({
  currency: currencyField.optional(),
  kind: z.enum(JOURNAL_KINDS).optional(),
  group: z.enum(STATEMENT_GROUP_NAMES).optional(),
  from: wholeNumberField(0).optional(),
  to: wholeNumberField(0).optional(),
  limit: wholeNumberField(1, 500).default(100),
  before: idField.optional(),
});

export const totpEnableRequest = z.strictObject({ otp: otpField });
export const antiPhishingRequest = z.strictObject({ phrase: z.string().trim().min(2).max(32) });

export const adminListRequest = z.strictObject({
  status: z.enum(['pending', 'approved', 'rejected', 'paid', 'failed', 'all']).default('pending'),
});
export const adminDecideRequest = z
  .strictObject({
    id: idField,
    decision: z.enum(['approve', 'reject']),
    reason: z.string().trim().max(200).optional(),
  })
  .refine((d) => d.decision === 'approve' || Boolean(d.reason), {
    message: 'a rejection needs a reason',
    path: ['reason'],
  });

export const depositChannelResponse = z.object({
  channel_id: z.string(),
  name: z.string(),
  /** The name in each language (the operator's name where no translation was given). */
  names: namesOf,
  currency: z.string(),
  max_single: z.string(),
});
export type DepositChannel = z.infer<typeof depositChannelResponse>;
export const depositChannelsResponse = z.array(depositChannelResponse);
export const channelDetailsResponse = depositChannelResponse.extend({
  bank_name: z.string(),
  branch_name: z.string(),
  account_name: z.string(),
  account_number: z.string(),
  transfer_reference: z.string(),
});
export type ChannelDetails = z.infer<typeof channelDetailsResponse>;
export const depositRequestedResponse = z.object({
  deposit_id: z.string(),
  status: z.string(),
  currency: z.string(),
  amount: z.string(),
  transfer_reference: z.string(),
});
export const depositRowResponse = z.object({
  deposit_id: z.string(),
  status: z.string(),
  currency: z.string(),
  amount: z.string(),
  reason: z.string().nullable(),
  created_at: z.number(),
  reviewed_at: z.number().nullable(),
  proof_upload_id: z.string(),
});
export type DepositRow = z.infer<typeof depositRowResponse>;
export const depositListResponse = z.array(depositRowResponse);
export const withdrawalRequestedResponse = z.object({
  withdrawal_id: z.string(),
  status: z.string(),
  currency: z.string(),
  amount: z.string(),
});
export const withdrawalRowResponse = z.object({
  withdrawal_id: z.string(),
  /** Spec list status: 0 pending, 1 paid, 2 rejected. */
  status: z.number(),
  state: z.string(),
  money: z.string(),
  currency: z.string(),
  reason: z.string().nullable(),
  bank_name: z.string(),
  masked_number: z.string(),
  created_at: z.number(),
  reviewed_at: z.number().nullable(),
});
export type WithdrawalRow = z.infer<typeof withdrawalRowResponse>;
export const withdrawalListResponse = z.array(withdrawalRowResponse);
const exchangeFigures = {
  from: z.string(),
  to: z.string(),
  mid_rate: z.string(),
  applied_rate: z.string(),
  spread: z.string(),
  amount: z.string(),
  receive: z.string(),
};
export const exchangeQuoteResponse = z.object({
  ...exchangeFigures,
  quote_id: z.string(),
  valid_seconds: z.number(),
});
export type ExchangePrice = z.infer<typeof exchangeQuoteResponse>;
export const exchangeDoneResponse = z.object({ ...exchangeFigures, journal_id: z.string() });
export const statementRowResponse = z.object({
  journal_id: z.string(),
  time: z.number(),
  kind: z.string(),
  memo: z.string(),
  /** The memo's template (`template`) and parameters; null on journals written before them. */
  memo_params: z.record(z.string(), z.string()).nullable(),
  reference: z.string().nullable(),
  currency: z.string(),
  amount: z.string(),
  balance: z.string(),
});
export type StatementRow = z.infer<typeof statementRowResponse>;
export const statementResponse = z.array(statementRowResponse);
export type WithdrawalRequested = z.infer<typeof withdrawalRequestedResponse>;

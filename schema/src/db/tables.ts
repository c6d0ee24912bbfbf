import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { HoldStatus } from '../domain/holds/hold-lifecycle.ts';
import type { Id, Int, LifecycleStatus } from './column-types.ts';
import type { TypesOf } from '../modules/define-module.ts';
import type { Modules } from '../modules/index.ts';

export interface AppUserTable {
  id: Generated<bigint>;
  account: string;
  password_hash: string;
  fund_password_hash: string | null;
  status: string;
  trading_barred: Int;
  inviter_code: string;
  invite_code: string;
  created_at: Int;
}

export interface InvitationCodeTable {
  code: string;
  owner_user_id: Int | null;
  active: Int;
  created_at: Int;
}

export interface SessionTable {
  id: Generated<bigint>;
  user_id: Int;
  token_hash: string;
  created_at: Int;
  expires_at: Int;
  last_seen_at: Int;
  revoked_at: Int | null;
  user_agent: string;
  ip: string;
}

export interface VerificationCodeTable {
  id: Generated<bigint>;
  account: string;
  purpose: string;
  code_hash: string;
  expires_at: Int;
  attempts: Int;
  consumed_at: Int | null;
  created_at: Int;
}

export interface ConfigEntryTable {
  name: string;
  value: string;
}

/** A column added after the table shipped: nullable, and left out of inserts that predate it. */
type LaterInt = ColumnType<
  bigint | null,
  bigint | number | null | undefined,
  bigint | number | null
>;
type LaterText = ColumnType<string | null, string | null | undefined, string | null>;

export interface AdminUserTable {
  id: Generated<bigint>;
  login: string;
  password_hash: string;
  /** A role of `STAFF_ROLES` (contracts/http/staff-roles.ts). */
  role: string;
  created_at: Int;
  /** The sealed TOTP seed (set up, maybe not yet confirmed), its confirmation and last used step. */
  totp_secret: LaterText;
  totp_enabled_at: LaterInt;
  totp_last_step: LaterInt;
  disabled_at: LaterInt;
}

export interface LedgerAccountTable {
  id: Generated<bigint>;
  owner_key: string;
  user_id: Int | null;
  kind: string;
  currency: string;
  balance: Int;
  allow_negative: Int;
  created_at: Int;
}

export interface LedgerSequenceTable {
  id: Int;
  last_seq: Int;
}

export interface JournalTable {
  id: Id;
  /** I9: gapless and monotonic, given after commit by the journal sequencer (inline on SQLite). */
  seq: Int | null;
  kind: string;
  memo: string;
  /** JSON: the memo template's name (`template`) and parameters, for the client to translate. */
  memo_params: string | null;
  actor_type: string;
  actor_id: string;
  reference: string | null;
  user_id: Int | null;
  created_at: Int;
}

export interface PostingTable {
  id: Generated<bigint>;
  journal_id: Int;
  account_id: Int;
  currency: string;
  amount: Int;
  /** The account's balance just after this posting (written with it). */
  balance_after: Int;
}

export interface IdempotencyKeyTable {
  user_id: Int;
  request_id: string;
  request_hash: string;
  response: string;
  created_at: Int;
}

export interface CandleTable {
  symbol: string;
  /** '1m' or '1d'; longer periods roll up on read. */
  period: string;
  start_ms: Int;
  open: Int;
  high: Int;
  low: Int;
  close: Int;
  volume: Int;
  turnover: Int;
}

export interface CorporateActionTable {
  symbol: string;
  ex_date_ms: Int;
  cash_dividend: Int;
  bonus_numerator: Int;
  bonus_denominator: Int;
  prev_close: Int;
}

export interface WatchlistEntryTable {
  user_id: Int;
  symbol: string;
  created_at: Int;
}

export interface TradeOrderTable {
  id: Id;
  user_id: Int;
  symbol: string;
  currency: string;
  side: string;
  kind: string;
  limit_price: Int | null;
  qty: Int;
  leverage: Int;
  /** pending | inactive | filled | cancelled | expired */
  status: LifecycleStatus<HoldStatus<'trade_order'>>;
  /** Cash held for a pending limit order (margin + fees at the limit price). */
  hold_amount: Int;
  fill_price: Int | null;
  created_at: Int;
  updated_at: Int;
  /** A stop's trigger at the market's price scale (a trailing stop's follows `watermark`). */
  trigger_price: Int | null;
  /** A trailing stop's distance: at the price scale (`trail_unit` price) or in 0.01% (percent). */
  trail: Int | null;
  trail_unit: string | null;
  /** The best price a trailing stop has seen. */
  watermark: Int | null;
  /** The price the order's hold was taken at (a sell trailing stop's trigger stays at or below it). */
  hold_price: Int | null;
  /** When a stop-limit's trigger was reached (it rests as a limit since). */
  triggered_at: Int | null;
  /** End of validity (epoch ms); null: none. */
  expires_at: Int | null;
  /** OCO / IFD / IFDOCO: the group's first order's id, and the group's kind. */
  group_id: Int | null;
  group_kind: string | null;
  /** An IFD's second order: its first order. */
  parent_order_id: Int | null;
  /** A closing order (take profit, stop loss) of this position; null for an opening order. */
  close_position_id: Int | null;
  /** Why a live order ended: user, oco, beyond_hold, expired, parent_ended, position_closed, account. */
  end_reason: string | null;
}

export interface PositionTable {
  id: Id;
  user_id: Int;
  order_id: Int;
  symbol: string;
  currency: string;
  side: string;
  qty: Int;
  open_price: Int;
  leverage: Int;
  margin: Int;
  open_fee: Int;
  /** holding | closed */
  status: string;
  opened_at: Int;
  close_price: Int | null;
  close_fee: Int | null;
  realized_pnl: Int | null;
  /** user | stop_out | intraday_close */
  close_reason: string | null;
  closed_at: Int | null;
  /** The intraday application the position was opened under (null: an ordinary position). */
  intraday_application_id: Int | null;
}

export interface UploadTable {
  id: Id;
  user_id: Int;
  /** kyc_front | kyc_back | deposit_proof */
  purpose: string;
  stored_name: string;
  mime: string;
  bytes: Int;
  width: Int;
  height: Int;
  sha256: string;
  created_at: Int;
}

export interface KycSubmissionTable {
  id: Id;
  user_id: Int;
  name_kanji: string;
  name_kana: string;
  id_number: string;
  /** drivers_licence | health_insurance | my_number */
  document_type: string;
  front_upload_id: Int;
  back_upload_id: Int;
  consent_at: Int;
  /** pending | approved | rejected */
  status: LifecycleStatus<HoldStatus<'kyc_submission'>>;
  reason: string | null;
  reviewed_by: Int | null;
  reviewed_at: Int | null;
  created_at: Int;
}

export interface BankCardTable {
  id: Id;
  user_id: Int;
  holder_kana: string;
  bank_name: string;
  branch_name: string;
  branch_code: string;
  /** ordinary | current */
  card_type: string;
  account_number: string;
  created_at: Int;
  updated_at: Int;
  removed_at: Int | null;
}

export interface DepositChannelTable {
  id: Id;
  /** The operator's name for the channel (Japanese); `name_en`/`name_zh` when translated. */
  name: string;
  name_en: string | null;
  name_zh: string | null;
  currency: string;
  bank_name: string;
  branch_name: string;
  account_name: string;
  account_number: string;
  max_single: Int;
  active: Int;
  created_at: Int;
}

export interface DepositTable {
  id: Id;
  user_id: Int;
  channel_id: Int;
  currency: string;
  amount: Int;
  transfer_reference: string;
  proof_upload_id: Int;
  /** pending | approved | rejected */
  status: LifecycleStatus<HoldStatus<'deposit'>>;
  reason: string | null;
  journal_id: Int | null;
  reviewed_by: Int | null;
  reviewed_at: Int | null;
  created_at: Int;
}

export interface WithdrawalTable {
  id: Id;
  user_id: Int;
  card_id: Int;
  currency: string;
  amount: Int;
  /** `WithdrawalStatus`: pending → approved → sending → paid | failed; pending → rejected. */
  status: LifecycleStatus<HoldStatus<'withdrawal'>>;
  reason: string | null;
  hold_journal_id: Int;
  settle_journal_id: Int | null;
  reviewed_by: Int | null;
  reviewed_at: Int | null;
  /** Who approved it and when (status `approved` onwards). */
  approved_by: Int | null;
  approved_at: Int | null;
  /** The bank provider's reference for the transfer, set with `paid`. */
  payout_reference: string | null;
  /**
   * When the payout worker last claimed it for sending (approved → sending, or a `sending` one
   * whose lease ran out claimed again); null before any claim, or one left by an older version.
   */
  claimed_at: Int | null;
  created_at: Int;
}

export interface InboxMessageTable {
  id: Id;
  user_id: Int;
  /** A message kind the client translates, with its parameters as JSON. */
  kind: string;
  params: string;
  read_at: Int | null;
  created_at: Int;
}

/** One row per account: the last account-event seq handed out (the outbox numbers from it). */
export interface AccountEventSeqTable {
  user_id: Int;
  last_seq: Int;
}

/** An account event committed but not yet relayed to Redis (payload: JSON without `seq`). */
export interface AccountEventOutboxTable {
  user_id: Int;
  seq: Int;
  event: string;
  payload: string;
  created_at: Int;
}

export interface UserSecurityTable {
  user_id: Int;
  channel_password_hash: string | null;
  transfer_reference: string;
  anti_phishing_phrase: string | null;
  totp_secret: string | null;
  totp_enabled_at: Int | null;
  totp_last_step: Int | null;
}

export interface AdminSessionTable {
  id: Id;
  admin_id: Int;
  token_hash: string;
  created_at: Int;
  expires_at: Int;
  revoked_at: Int | null;
  /** Idle expiry counts from here (null: a session from before the column, never used since). */
  last_seen_at: LaterInt;
  /** When the second factor was passed; null: the session may only enrol it. */
  verified_at: LaterInt;
}

export interface AuditLogTable {
  id: Id;
  admin_id: Int;
  action: string;
  subject: string;
  detail: string;
  created_at: Int;
}

/** The accounts module's tables: users, sessions, codes, settings and per-user security. */
export interface AccountsTables {
  app_user: AppUserTable;
  invitation_code: InvitationCodeTable;
  session: SessionTable;
  verification_code: VerificationCodeTable;
  config_entry: ConfigEntryTable;
  user_security: UserSecurityTable;
}

/** The ledger's tables (and the idempotency keys of money requests). */
export interface LedgerTables {
  ledger_account: LedgerAccountTable;
  ledger_sequence: LedgerSequenceTable;
  journal: JournalTable;
  posting: PostingTable;
  idempotency_key: IdempotencyKeyTable;
}

/** The quotes module's tables. */
export interface MarketDataTables {
  candle: CandleTable;
  corporate_action: CorporateActionTable;
  watchlist_entry: WatchlistEntryTable;
}

/** The trading module's tables. */
export interface TradingTables {
  trade_order: TradeOrderTable;
  position: PositionTable;
}

/** The KYC, uploads, bank and funds modules' tables, and the inbox that tells users of them. */
export interface FundsTables {
  upload: UploadTable;
  kyc_submission: KycSubmissionTable;
  bank_card: BankCardTable;
  deposit_channel: DepositChannelTable;
  deposit: DepositTable;
  withdrawal: WithdrawalTable;
  inbox_message: InboxMessageTable;
}

/** The back office's own tables: its users, sessions and audit log. */
export interface BackOfficeTables {
  admin_user: AdminUserTable;
  admin_session: AdminSessionTable;
  audit_log: AuditLogTable;
}

/** The realtime module's tables: each account's event seq and the events not yet relayed. */
export interface AccountEventTables {
  account_event_seq: AccountEventSeqTable;
  account_event_outbox: AccountEventOutboxTable;
}

/** The tables each module declares in its manifest (`types: types<{ tables: ... }>()`). */
type ModuleTables = TypesOf<Modules, 'tables'>;

/** Every table: the kernel's, and each module's. */
export interface Database
  extends
    AccountsTables,
    LedgerTables,
    MarketDataTables,
    TradingTables,
    FundsTables,
    BackOfficeTables,
    AccountEventTables,
    ModuleTables {}

export type AppUserRow = Selectable<AppUserTable>;
export type NewAppUserRow = Insertable<AppUserTable>;
export type SessionRow = Selectable<SessionTable>;
export type JournalRow = Selectable<JournalTable>;
export type PostingRow = Selectable<PostingTable>;
export type PositionRow = Selectable<PositionTable>;
export type TradeOrderRow = Selectable<TradeOrderTable>;

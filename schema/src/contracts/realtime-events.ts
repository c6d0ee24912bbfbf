import type { AllotmentDrawn } from './ipo/ipo.dto.ts';
import type { LoanUpdated } from './loans/loans.dto.ts';

/** The one socket event map, shared by gateway, workers' emitter, client and bench. */
export interface QuoteTick {
  symbol: string;
  /** Exact decimal string on the instrument's tick grid. */
  price: string;
  /** Percent change from the previous close, as a decimal string ("1.25", "-0.40"). */
  change_rate: string;
  volume: number;
  /** The day's turnover so far in the instrument's currency, major units: moves with `volume`. */
  turnover: string;
  seq: number;
  ts: number;
}

/** Every account event carries the account's durable, gap-free sequence number (the outbox's). */
export interface Sequenced {
  seq: number;
}

/**
 * `order:updated`: one union keyed by `reason`, built only by `orderUpdated` below, whoever sends it
 * (the order calls in the gateway, the limit matcher and the stop-out watcher in the workers).
 */
export type OrderUpdate =
  | {
      reason: 'placed';
      order_id: string;
      status: 'pending';
      position_id: null;
      price: string;
      margin: string;
      fee: string;
    }
  | {
      reason: 'filled';
      order_id: string;
      position_id: string;
      /** Present when the fill answered the order call; the limit matcher sends the ids only. */
      price?: string;
      margin?: string;
      fee?: string;
    }
  | ({ reason: 'closed' } & ClosedPositionEvent)
  | ({ reason: 'stop_out' } & ClosedPositionEvent)
  | { reason: 'cancelled'; order_id: string; released: string }
  /** The settlement at the market's close closed an intraday position at the closing price. */
  | ({ reason: 'intraday_close'; application_id: string } & ClosedPositionEvent)
  /** An intraday application is settled: its hold released with the P&L. */
  | {
      reason: 'intraday_traded';
      application_id: string;
      status: 'traded';
      released: string;
      pnl: string;
    }
  /** An intraday application whose session never opened: its hold released whole. */
  | { reason: 'intraday_failed'; application_id: string; status: 'failed'; released: string }
  /** An intraday application was made (its amount held). */
  | { reason: 'intraday_applied'; application_id: string; status: string; amount: string }
  | ({ reason: 'credit_added' } & CreditAddedEvent);

/** Margin added to an open position (`trade/addcredit`): its new margin and stop-out price. */
export interface CreditAddedEvent {
  position_id: string;
  credit_id: string;
  amount: string;
  margin: string;
  stop_out_price: string | null;
}

export interface ClosedPositionEvent {
  position_id: string;
  closed_id: string;
  qty: number;
  price: string;
  pnl: string;
  fee: string;
  waived: string;
}

export type OrderUpdateReason = OrderUpdate['reason'];

/** The one constructor of an `order:updated` payload: a wrong field for the reason fails to compile. */
export function orderUpdated<R extends OrderUpdateReason>(
  reason: R,
  fields: Omit<Extract<OrderUpdate, { reason: R }>, 'reason'>,
): OrderUpdate {
  return { reason, ...fields } as unknown as OrderUpdate;
}

export type FundUpdate =
  | {
      reason:
        | 'deposit_requested'
        | 'withdrawal_requested'
        | 'exchange'
        | 'ipo_subscribed'
        | 'ipo_payment'
        | 'ipo_waived';
      [field: string]: unknown;
    }
  | { reason: FundDecisionReason; id: string }
  | { kind: 'paper_grant'; [field: string]: unknown }
  | { kind: WithdrawalPayoutOutcome; withdrawal_id: string };

/** What the payout worker tells the user of a withdrawal it sent: paid, or refused by the bank. */
export type WithdrawalPayoutOutcome = 'withdrawal_paid' | 'withdrawal_failed';

export type FundDecisionReason = `${'kyc' | 'deposit' | 'withdrawal'}_${'approve' | 'reject'}`;

export interface AssetsUpdate {
  reason: string;
  /** The account's summary per display currency (`AssetsData` wire shape), when recomputed. */
  summaries?: Record<string, unknown>;
}

export type MessageCreated =
  | { reason: FundDecisionReason }
  | { kind: WithdrawalPayoutOutcome; withdrawal_id: string }
  | { kind: 'stop_out'; position_id: string }
  | { kind: 'margin_call'; position_id: string; symbol: string; price: string }
  | { kind: LoanMessageKind; loan_id: string }
  | { kind: 'intraday_settled'; application_id: string };

/** The inbox messages a loan sends (one at each step, and a margin call at most once a day). */
export type LoanMessageKind =
  'loan_applied' | 'loan_passed' | 'loan_rejected' | 'loan_repaid' | 'loan_margin_call';

/** Payload per account event, before the sender adds `seq`. */
export interface AccountEventPayloads {
  'order:updated': OrderUpdate;
  'assets:updated': AssetsUpdate;
  'fund:updated': FundUpdate;
  'message:created': MessageCreated;
  'allotment:drawn': AllotmentDrawn;
  'loan:updated': LoanUpdated;
}

/** What the client receives for an account event. */
export type AccountEvent<E extends AccountEventName = AccountEventName> = AccountEventPayloads[E] &
  Sequenced;

/** The arguments of one account event on the wire: its payload stamped with the account's `seq`. */
export function accountEventArgs<E extends AccountEventName>(
  payload: AccountEventPayloads[E],
  seq: number,
): Parameters<ServerToClientEvents[E]> {
  return [{ ...payload, seq }] as unknown as Parameters<ServerToClientEvents[E]>;
}

export type Ack = { ok: true } | { ok: false; msg: string };

export interface ServerToClientEvents {
  'quote:tick': (tick: QuoteTick) => void;
  /** Conflated frames for sockets that asked for them (`auth.frames = 'batch'`): latest tick per symbol. */
  'quote:ticks': (ticks: QuoteTick[]) => void;
  'order:updated': (event: AccountEvent<'order:updated'>) => void;
  'assets:updated': (event: AccountEvent<'assets:updated'>) => void;
  'allotment:drawn': (event: AccountEvent<'allotment:drawn'>) => void;
  'loan:updated': (event: AccountEvent<'loan:updated'>) => void;
  'fund:updated': (event: AccountEvent<'fund:updated'>) => void;
  'message:created': (event: AccountEvent<'message:created'>) => void;
}

export interface ClientToServerEvents {
  'quote:subscribe': (payload: { symbols: string[] }, ack: (result: Ack) => void) => void;
  'quote:unsubscribe': (payload: { symbols: string[] }, ack: (result: Ack) => void) => void;
}

export type AccountEventName = keyof AccountEventPayloads;

export interface SocketData {
  userId: number | null;
  /** The session the socket was opened with; null for an anonymous (quotes only) socket. */
  sessionId: number | null;
  /** The socket receives conflated `quote:ticks` frames instead of one `quote:tick` per print. */
  batchTicks: boolean;
}

import type { TypesOf, UnionOf } from '../modules/define-module.ts';
import type { Modules } from '../modules/index.ts';

export type { CreditAddedEvent } from '../modules/credit/module.ts';
export type { LoanMessageKind } from '../modules/loans/module.ts';

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
  | ({ reason: 'cancelled' } & OrderEnded)
  | ({ reason: 'expired' } & OrderEnded)
  /** A stop-limit's trigger was reached: it rests as a limit from now on. */
  | { reason: 'triggered'; order_id: string; price: string }
  /** An IFD's second order went live when its first filled. */
  | { reason: 'activated'; order_id: string; position_id: string }
  /** Each module's own reasons (`orderUpdates` in its manifest: intraday's, credit's). */
  | UnionOf<Modules, 'orderUpdates'>;

/** An order that ended without a fill, with the hold it released. */
export interface OrderEnded {
  order_id: string;
  released: string;
  /** Why: user, oco, beyond_hold, expired, parent_ended, position_closed, account. */
  end_reason?: string;
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
      reason: 'deposit_requested' | 'withdrawal_requested' | 'exchange';
      [field: string]: unknown;
    }
  | UnionOf<Modules, 'fundUpdates'>
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
  | { kind: 'order_triggered' | 'order_filled' | 'order_ended'; order_id: string }
  | UnionOf<Modules, 'messages'>;

/** The kernel's account events. */
interface KernelAccountEvents {
  'order:updated': OrderUpdate;
  'assets:updated': AssetsUpdate;
  'fund:updated': FundUpdate;
  'message:created': MessageCreated;
}

/** Payload per account event, before the sender adds `seq`: the kernel's and each module's. */
export interface AccountEventPayloads extends KernelAccountEvents, ModuleAccountEvents {}
type ModuleAccountEvents = TypesOf<Modules, 'accountEvents'>;

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

type TopicPayloads = TypesOf<Modules, 'topicUpdates'>;

/** One public topic's update: which thing (`key`) and what it says now. */
export type TopicUpdate = {
  [T in keyof TopicPayloads]: { topic: T; key: string; data: TopicPayloads[T] };
}[keyof TopicPayloads];

export type TopicName = TopicUpdate['topic'];

/** One listener per account event, derived from `AccountEventPayloads`. */
type AccountEventListeners = { [E in AccountEventName]: (event: AccountEvent<E>) => void };

export interface ServerToClientEvents extends AccountEventListeners {
  'quote:tick': (tick: QuoteTick) => void;
  /** Conflated frames for sockets that asked for them (`auth.frames = 'batch'`): latest tick per symbol. */
  'quote:ticks': (ticks: QuoteTick[]) => void;
  /** What a watched thing of a public topic says now (`topic:watch`). */
  'topic:update': (update: TopicUpdate) => void;
}

export interface ClientToServerEvents {
  'quote:subscribe': (payload: { symbols: string[] }, ack: (result: Ack) => void) => void;
  'quote:unsubscribe': (payload: { symbols: string[] }, ack: (result: Ack) => void) => void;
  'topic:watch': (payload: { topic: string; key: string }, ack: (result: Ack) => void) => void;
  'topic:unwatch': (payload: { topic: string; key: string }, ack: (result: Ack) => void) => void;
}

export type AccountEventName = keyof AccountEventPayloads;

export interface SocketData {
  userId: number | null;
  /** The session the socket was opened with; null for an anonymous (quotes only) socket. */
  sessionId: number | null;
  /** The socket receives conflated `quote:ticks` frames instead of one `quote:tick` per print. */
  batchTicks: boolean;
}

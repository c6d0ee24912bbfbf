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

export interface AccountEvent {
  seq: number;
  [field: string]: unknown;
}

export type Ack = { ok: true } | { ok: false; msg: string };

export interface ServerToClientEvents {
  'quote:tick': (tick: QuoteTick) => void;
  /** Conflated frames for sockets that asked for them (`auth.frames = 'batch'`): latest tick per symbol. */
  'quote:ticks': (ticks: QuoteTick[]) => void;
  'order:updated': (event: AccountEvent) => void;
  'assets:updated': (event: AccountEvent) => void;
  'allotment:drawn': (event: AccountEvent) => void;
  'loan:updated': (event: AccountEvent) => void;
  'fund:updated': (event: AccountEvent) => void;
  'message:created': (event: AccountEvent) => void;
}

export interface ClientToServerEvents {
  'quote:subscribe': (payload: { symbols: string[] }, ack: (result: Ack) => void) => void;
  'quote:unsubscribe': (payload: { symbols: string[] }, ack: (result: Ack) => void) => void;
}

export type AccountEventName = Exclude<keyof ServerToClientEvents, 'quote:tick' | 'quote:ticks'>;

export interface SocketData {
  userId: number | null;
  /** The session the socket was opened with; null for an anonymous (quotes only) socket. */
  sessionId: number | null;
  /** The socket receives conflated `quote:ticks` frames instead of one `quote:tick` per print. */
  batchTicks: boolean;
}

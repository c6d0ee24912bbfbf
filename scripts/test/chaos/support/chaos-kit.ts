// What the chaos tests share: HTTP calls and users on a real stack, a socket that records every
// account event by seq, polling with deadlines, and the log lines that must never appear.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import type { TestStack } from '../../../src/testing/stack.ts';

export interface Answer {
  http: number;
  status: number;
  msg: string;
  data: any;
}

export interface Session {
  token: string;
  account: string;
}

/** The events that carry the account's `seq` (client/src/lib/account-seq.ts). */
export const ACCOUNT_EVENTS = [
  'order:updated',
  'assets:updated',
  'allotment:drawn',
  'loan:updated',
  'fund:updated',
  'message:created',
] as const;

export async function post(
  stack: TestStack,
  path: string,
  body: Record<string, string>,
  session?: Session,
): Promise<Answer> {
  const send = () =>
    fetch(`${stack.baseUrl}/api/vue/${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(session ? { token: session.token, account: session.account } : {}),
      },
      body: new URLSearchParams(body).toString(),
      signal: AbortSignal.timeout(15_000),
    });
  // A kept-alive socket the gateway closed while it sat idle (between scenarios, on loaded cores)
  // fails before the request is read: send once more on a new one. Orders carry request ids.
  const response = await send().catch((error: unknown) => {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (code === 'UND_ERR_SOCKET') return send();
    throw error;
  });
  const envelope = (await response.json()) as Omit<Answer, 'http'>;
  return { http: response.status, ...envelope };
}

export const requestId = () => `chaos-${randomBytes(8).toString('hex')}`;

/** Registers through sendcode, the outbox and register, logs in and claims the paper grant. */
export async function fundedUser(stack: TestStack, name: string): Promise<Session> {
  const account = `${name}.${stack.prefix}@example.jp`;
  const sent = await post(stack, 'common/sendcode', { account, purpose: 'register' });
  if (sent.status !== 1) throw new Error(`sendcode: ${sent.msg}`);
  const registered = await post(stack, 'user/register', {
    ...{ account, password: 'chaos-pass-123', repassword: 'chaos-pass-123' },
    ...{ invite: 'KABUTO', code: stack.outboxCode(account), agree: '1' },
  });
  if (registered.status !== 1) throw new Error(`register: ${registered.msg}`);
  const login = await post(stack, 'user/login', { account, password: 'chaos-pass-123' });
  if (login.status !== 1) throw new Error(`login: ${login.msg}`);
  const session = { token: String(login.data.token), account };
  const grant = await post(
    stack,
    'user/paperfund',
    { currency: 'jpy', request_id: requestId() },
    session,
  );
  if (grant.status !== 1) throw new Error(`paperfund: ${grant.msg}`);
  return session;
}

/** A signed-in socket that keeps every account event's seq, per connection (reconnects included). */
export interface EventLog {
  readonly socket: Socket;
  /** One list of seqs per connection, in arrival order. */
  readonly connections: number[][];
  readonly all: () => number[];
  close(): void;
}

export async function recordAccountEvents(stack: TestStack, session: Session): Promise<EventLog> {
  const socket = connect(stack.baseUrl, {
    transports: ['websocket'],
    auth: { token: session.token, account: session.account },
    forceNew: true,
    reconnectionDelay: 100,
    reconnectionDelayMax: 500,
  });
  const connections: number[][] = [];
  socket.on('connect', () => connections.push([]));
  for (const name of ACCOUNT_EVENTS) {
    socket.on(name as string, (event: { seq?: number }) => {
      if (typeof event.seq === 'number') connections.at(-1)?.push(event.seq);
    });
  }
  await new Promise<void>((done, fail) => {
    socket.once('connect', () => done());
    socket.once('connect_error', fail);
  });
  return {
    socket,
    connections,
    all: () => connections.flat(),
    close: () => socket.disconnect(),
  };
}

/** Polls `probe` until it answers true; throws with `what` after `timeoutMs`. */
export async function until(
  what: string,
  probe: () => Promise<boolean> | boolean,
  timeoutMs = 10_000,
): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await Promise.resolve(probe()).catch(() => false)) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** SIGKILL, as a crash: resolves once the process has exited. */
export function killHard(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    child.once('exit', () => done());
    child.kill('SIGKILL');
  });
}

/** Every line of the services' logs that reports a rejection or exception nobody handled. */
export function unhandledLines(stack: TestStack): string[] {
  return (stack.logs?.() ?? '')
    .split('\n')
    .filter((line) => /unhandled|uncaught|MaxRetriesPerRequest/i.test(line));
}

/** True when the seqs are consecutive (each one more than the last). */
export function consecutive(seqs: number[]): boolean {
  return seqs.every((seq, i) => i === 0 || seq === (seqs[i - 1] ?? 0) + 1);
}

/**
 * What a connection's seqs show: those missing between the first and the last, those that came
 * again (a relay killed between its Redis write and its commit sends them once more from the
 * outbox; an XADD Redis applied but never answered is resent after a restart: the client ignores
 * a repeat), and whether each first arrival came in seq order.
 */
export function seqReport(seqs: number[]): {
  missing: number[];
  repeated: number[];
  ordered: boolean;
} {
  const seen = new Set<number>();
  const repeated: number[] = [];
  let ordered = true;
  let max = -Infinity;
  for (const seq of seqs) {
    if (seen.has(seq)) {
      repeated.push(seq);
      continue;
    }
    if (seq < max) ordered = false;
    max = Math.max(max, seq);
    seen.add(seq);
  }
  const first = Math.min(...seen);
  const missing: number[] = [];
  for (let seq = first; seq < max; seq += 1) if (!seen.has(seq)) missing.push(seq);
  return { missing, repeated, ordered };
}

import { afterAll, beforeAll, expect } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { redisKeys } from '@kabuto/schema/contracts';
import { reviewer } from './funds-helpers.ts';
import {
  registerAndLogin,
  startTestGateway,
  type Session,
  type TestGateway,
} from './test-gateway.ts';

// The loan test files share one shape: a gateway (KABUTO_CLOCK always-open, paper mode), a
// back-office reviewer who sets credit and decides, users funded by the paper grant.
export let t: TestGateway;
export let admin: Awaited<ReturnType<typeof reviewer>>;

let ids = 0;
export const requestId = () => `loan-req-${String((ids += 1)).padStart(6, '0')}`;
export const db = () => t.testDb.db;

export function useLoanGateway(env: Record<string, string> = {}): void {
  beforeAll(async () => {
    t = await startTestGateway({ KABUTO_CLOCK: 'always-open', ...env });
    admin = await reviewer(t);
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });
}

export const user = (): Promise<Session> => registerAndLogin(t);

export async function userIdOf(s: Session): Promise<number> {
  const row = await db()
    .selectFrom('app_user')
    .select('id')
    .where('account', '=', s.account)
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The paper grant: a visible ledger credit of `yen`. */
export async function fund(s: Session, yen: string): Promise<void> {
  await db().deleteFrom('config_entry').where('name', '=', 'paper_grant_jpy').execute();
  await db().insertInto('config_entry').values({ name: 'paper_grant_jpy', value: yen }).execute();
  const granted = await t.call('user/paperfund', { currency: 'jpy', request_id: requestId() }, s);
  expect(granted.body.msg).toBe('claim_ok');
}

/** The back office sets the user's score and limit. */
export async function credit(s: Session, limit: string, score = '720'): Promise<void> {
  const set = await admin.call('loan/credit', {
    account: s.account,
    credit_score: score,
    limit,
  });
  expect(set.body.msg).toBe('modify_ok');
}

export async function balance(s: Session, kind: string, currency = 'JPY'): Promise<bigint> {
  const row = await db()
    .selectFrom('ledger_account')
    .select('balance')
    .where('owner_key', '=', `u:${await userIdOf(s)}`)
    .where('kind', '=', kind)
    .where('currency', '=', currency)
    .executeTakeFirst();
  return row?.balance ?? 0n;
}

const countOf = async (
  table: 'journal' | 'loan' | 'audit_log' | 'inbox_message' | 'loan_interest_accrual',
) =>
  Number(
    (
      await db()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Everything a refusal must leave alone: rows, the user's balances, events, messages, audit. */
export async function state(s?: Session) {
  const loans = await db()
    .selectFrom('loan')
    .select(['id', 'status', 'amount', 'principal', 'accrued_interest', 'decided_at', 'repaid_at'])
    .orderBy('id')
    .execute();
  return {
    counts: await Promise.all(
      (['journal', 'loan', 'audit_log', 'inbox_message', 'loan_interest_accrual'] as const).map(
        countOf,
      ),
    ),
    events: Number(
      (
        await db()
          .selectFrom('account_event_seq')
          .select((eb) => eb.fn.sum<string | number | bigint>('last_seq').as('n'))
          .executeTakeFirstOrThrow()
      ).n ?? 0,
    ),
    loans,
    money: s ? [await balance(s, 'cash'), await balance(s, 'loan')] : [],
  };
}

/** The postings of one journal: [account kind, currency, amount], smallest first. */
export async function journalOf(id: bigint) {
  const postings = await db()
    .selectFrom('posting')
    .innerJoin('ledger_account', 'ledger_account.id', 'posting.account_id')
    .select(['ledger_account.kind', 'ledger_account.currency', 'posting.amount'])
    .where('posting.journal_id', '=', id)
    .orderBy('posting.amount')
    .execute();
  const journal = await db()
    .selectFrom('journal')
    .select(['kind', 'memo'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return {
    kind: journal.kind,
    memo: journal.memo,
    postings: postings.map((p) => [p.kind, p.currency, p.amount]),
  };
}

/** A quote for 7203 (Toyota) in the feed's latest hash, as the feed writes it. */
export async function quote7203(price: string): Promise<void> {
  const snapshot = {
    symbol: '7203',
    price,
    change_rate: '0.00',
    volume: 0,
    seq: 1,
    ts: Date.now(),
    limit_up: '9000',
    limit_down: '100',
  };
  await t.redis.hset(redisKeys(t.prefix).latestQuotes, '7203', JSON.stringify(snapshot));
}

const sockets: Socket[] = [];
afterAll(() => {
  for (const socket of sockets) socket.disconnect();
});

export interface Received {
  readonly event: string;
  readonly payload: Record<string, unknown> & { seq: number };
}

/** The account events a user's socket receives from now on (quotes left out). */
export async function listen(session: Session): Promise<Received[]> {
  const socket = connect(t.baseUrl, {
    transports: ['websocket'],
    auth: { token: session.token, account: session.account },
    forceNew: true,
  });
  sockets.push(socket);
  const received: Received[] = [];
  socket.onAny((event: string, payload: Received['payload']) => {
    if (!event.startsWith('quote:')) received.push({ event, payload });
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return received;
}

/** The user's inbox message kinds, oldest first. */
export async function inboxOf(s: Session): Promise<string[]> {
  const rows = await db()
    .selectFrom('inbox_message')
    .select('kind')
    .where('user_id', '=', BigInt(await userIdOf(s)))
    .orderBy('id')
    .execute();
  return rows.map((r) => r.kind);
}

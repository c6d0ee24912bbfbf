import { afterAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { reconcile } from '@kabuto/schema/db';
import { registerAndLogin, type Session } from './support/test-gateway.ts';
import {
  cash,
  fundedUser,
  order,
  quote,
  requestId,
  t,
  useTradingGateway,
} from './support/trading-suite.ts';

// trade/addcredit, trade/creditpreview and trade/ustockslist over HTTP on the real gateway.
useTradingGateway();
const sockets: Socket[] = [];
afterAll(() => {
  for (const socket of sockets) socket.disconnect();
});

const userIdOf = async (s: Session) =>
  (
    await t.testDb.db
      .selectFrom('app_user')
      .select('id')
      .where('account', '=', s.account)
      .executeTakeFirstOrThrow()
  ).id;

const marginAccount = async (s: Session) =>
  (
    await t.testDb.db
      .selectFrom('ledger_account')
      .select('balance')
      .where('user_id', '=', await userIdOf(s))
      .where('kind', '=', 'margin')
      .where('currency', '=', 'JPY')
      .executeTakeFirst()
  )?.balance ?? 0n;

const position = async (id: string) =>
  t.testDb.db
    .selectFrom('position')
    .select(['status', 'qty', 'margin'])
    .where('id', '=', BigInt(id))
    .executeTakeFirstOrThrow();

const creditRows = async (positionId: string) =>
  t.testDb.db
    .selectFrom('position_credit')
    .select(['id', 'amount', 'status', 'returned_at', 'journal_id'])
    .where('position_id', '=', BigInt(positionId))
    .orderBy('id')
    .execute();

const countAll = async (table: 'journal' | 'position_credit' | 'posting') =>
  Number(
    (
      await t.testDb.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const eventSeq = async (s: Session) =>
  (
    await t.testDb.db
      .selectFrom('account_event_seq')
      .select('last_seq')
      .where('user_id', '=', await userIdOf(s))
      .executeTakeFirst()
  )?.last_seq ?? 0n;

const postingsOf = async (journalId: bigint) =>
  (
    await t.testDb.db
      .selectFrom('posting')
      .innerJoin('ledger_account', 'ledger_account.id', 'posting.account_id')
      .select(['ledger_account.kind', 'posting.amount'])
      .where('posting.journal_id', '=', journalId)
      .orderBy('ledger_account.kind')
      .execute()
  ).map((p) => [p.kind, p.amount]);

/** A long 100 × 7203 at ¥2,850 ×5: margin ¥57,000, stopped out below ¥2,533.3 (JP 10%). */
async function toyotaLong(s: Session, qty = '100'): Promise<string> {
  const opened = await order(s, {
    symbol: '7203',
    side: 'long',
    kind: 'market',
    qty,
    leverage: '5',
  });
  expect(opened.body.status).toBe(1);
  return opened.body.data.position_id as string;
}

const addCredit = (s: Session, positionId: string, amount: string, request_id = requestId()) =>
  t.call('trade/addcredit', { position_id: positionId, amount, request_id }, s);

async function listen(session: Session): Promise<{ event: string; payload: any }[]> {
  const socket = connect(t.baseUrl, {
    transports: ['websocket'],
    auth: { token: session.token, account: session.account },
    forceNew: true,
  });
  sockets.push(socket);
  const received: { event: string; payload: any }[] = [];
  socket.onAny((event: string, payload: unknown) => {
    if (!event.startsWith('quote:')) received.push({ event, payload });
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return received;
}

describe('trade/addcredit', () => {
  it('¥9,000 on long 100 × ¥2,850 ×5: one credit_add journal (cash −9,000, margin +9,000), margin ¥57,000 → ¥66,000, stop-out ¥2,533.3 → ¥2,433.3 (= 9,000 / (100 × 0.9)), order:updated credit_added', async () => {
    const s = await fundedUser();
    const received = await listen(s);
    const positionId = await toyotaLong(s);
    const before = await cash(s, 'JPY');
    const frozen = async () =>
      (await t.call('user/assets', { type: 'jpy' }, s)).body.data.frozen as string;
    expect(await frozen()).toBe('57000');
    const preview = await t.call(
      'trade/creditpreview',
      { position_id: positionId, amount: '9000' },
      s,
    );
    expect(preview.body.data).toMatchObject({
      margin: '57000',
      margin_after: '66000',
      stop_out_price: '2533.3',
      stop_out_price_after: '2433.3',
    });
    const added = await addCredit(s, positionId, '9000');
    expect(added.body).toMatchObject({
      status: 1,
      msg: 'credit_ok',
      data: {
        position_id: positionId,
        currency: 'JPY',
        amount: '9000',
        margin: '57000',
        margin_after: '66000',
        credit: '0',
        credit_after: '9000',
        stop_out_price: '2533.3',
        stop_out_price_after: '2433.3',
      },
    });
    expect(await cash(s, 'JPY')).toBe(before - 9_000n);
    expect(await marginAccount(s)).toBe(66_000n);
    expect((await position(positionId)).margin).toBe(66_000n);
    expect(await frozen()).toBe('66000'); // frozen funds include the credit (it is margin)
    const [row] = await creditRows(positionId);
    expect(row).toMatchObject({ amount: 9_000n, status: 'open', returned_at: null });
    expect(String(row?.id)).toBe(added.body.data.credit_id);
    const journal = await t.testDb.db
      .selectFrom('journal')
      .select(['id', 'kind', 'memo', 'reference'])
      .where('id', '=', row?.journal_id ?? 0n)
      .executeTakeFirstOrThrow();
    expect(journal).toMatchObject({
      kind: 'credit_add',
      memo: `Added credit #${added.body.data.credit_id} to long 7203 position ${positionId}`,
      reference: `position_credit:${added.body.data.credit_id}`,
    });
    expect(await postingsOf(journal.id)).toEqual([
      ['cash', -9_000n],
      ['margin', 9_000n],
    ]);
    const listed = await t.call('trade/userstocklist', { type: 'jpy' }, s);
    expect(listed.body.data['0']).toMatchObject({
      margin: '66000',
      credit: '9000',
      stop_out_price: '2433.3',
    });
    await expect
      .poll(() => received.find((r) => r.payload.reason === 'credit_added')?.payload)
      .toMatchObject({
        position_id: positionId,
        credit_id: added.body.data.credit_id,
        amount: '9000',
        margin: '66000',
        stop_out_price: '2433.3',
      });
  });

  it('a retry with the same request_id answers the first result and adds nothing more', async () => {
    const s = await fundedUser();
    const positionId = await toyotaLong(s);
    const first = await addCredit(s, positionId, '1000', 'credit-retry-0001');
    const again = await addCredit(s, positionId, '1000', 'credit-retry-0001');
    expect(again.body).toEqual(first.body);
    expect(await creditRows(positionId)).toHaveLength(1);
    expect((await position(positionId)).margin).toBe(58_000n);
  });

  it('20 parallel additions of ¥994,300 with cash for exactly 10: 10 credit_ok, 10 balance_insufficient, cash ¥0, margin grows by exactly ¥9,943,000', async () => {
    const s = await fundedUser();
    const positionId = await toyotaLong(s);
    expect(await cash(s, 'JPY')).toBe(9_943_000n);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => addCredit(s, positionId, '994300')),
    );
    const msgs = answers.map((a) => a.body.msg);
    expect(msgs.filter((m) => m === 'credit_ok')).toHaveLength(10);
    expect(msgs.filter((m) => m === 'balance_insufficient')).toHaveLength(10);
    expect(await cash(s, 'JPY')).toBe(0n);
    expect((await position(positionId)).margin).toBe(57_000n + 9_943_000n);
    expect(await creditRows(positionId)).toHaveLength(10);
    expect((await reconcile(t.testDb.db)).breaches).toEqual([]);
  });
});

describe('refusals change nothing (balances, rows, events)', () => {
  async function unchanged(s: Session, positionId: string, run: () => Promise<unknown>) {
    const snapshot = async () => [
      await cash(s, 'JPY'),
      await marginAccount(s),
      (await position(positionId)).margin,
      await countAll('journal'),
      await countAll('position_credit'),
      await eventSeq(s),
    ];
    const before = await snapshot();
    await run();
    expect(await snapshot()).toEqual(before);
  }

  it.each(['0', '-1', '1.5', '1e3', 'abc', '', '0x10', ' 9'])(
    'credit_invalid (HTTP 400) for amount %j',
    async (amount) => {
      const s = await fundedUser();
      const positionId = await toyotaLong(s);
      await unchanged(s, positionId, async () => {
        const refused = await addCredit(s, positionId, amount);
        expect({ http: refused.http, status: refused.body.status, msg: refused.body.msg }).toEqual({
          http: 400,
          status: 0,
          msg: 'credit_invalid',
        });
      });
    },
  );

  it('credit_invalid for a missing amount', async () => {
    const s = await fundedUser();
    const positionId = await toyotaLong(s);
    await unchanged(s, positionId, async () => {
      const refused = await t.call(
        'trade/addcredit',
        { position_id: positionId, request_id: requestId() },
        s,
      );
      expect(refused.body.msg).toBe('credit_invalid');
    });
  });

  it('order_not_holding for someone else’s position (theirs and mine unchanged)', async () => {
    const owner = await fundedUser();
    const positionId = await toyotaLong(owner);
    const stranger = await fundedUser();
    const strangerCash = await cash(stranger, 'JPY');
    await unchanged(owner, positionId, async () => {
      const refused = await addCredit(stranger, positionId, '1000');
      expect(refused.body).toMatchObject({ status: 0, msg: 'order_not_holding' });
    });
    expect(await cash(stranger, 'JPY')).toBe(strangerCash);
  });

  it('order_not_holding for a closed position', async () => {
    const s = await fundedUser();
    const positionId = await toyotaLong(s);
    const closed = await t.call(
      'trade/close',
      { position_id: positionId, request_id: requestId() },
      s,
    );
    expect(closed.body.status).toBe(1);
    await unchanged(s, positionId, async () => {
      const refused = await addCredit(s, positionId, '1000');
      expect(refused.body).toMatchObject({ status: 0, msg: 'order_not_holding' });
    });
  });

  it('product_unavailable for a long at leverage 1: no price stops it out, so added margin would lock cash for nothing', async () => {
    const s = await fundedUser();
    const opened = await order(s, {
      symbol: '7203',
      side: 'long',
      kind: 'market',
      qty: '100',
      leverage: '1',
    });
    const positionId = opened.body.data.position_id as string;
    const listed = (await t.call('trade/userstocklist', { type: 'jpy' }, s)).body.data['0'];
    expect([listed.position_id, listed.stop_out_price]).toEqual([positionId, null]);
    await unchanged(s, positionId, async () => {
      const refused = await addCredit(s, positionId, '1000');
      expect(refused.body).toMatchObject({ status: 0, msg: 'product_unavailable' });
      const preview = await t.call(
        'trade/creditpreview',
        { position_id: positionId, amount: '1000' },
        s,
      );
      expect(preview.body.msg).toBe('product_unavailable');
    });
  });

  it('balance_insufficient for more than the cash (¥9,943,001 with ¥9,943,000)', async () => {
    const s = await fundedUser();
    const positionId = await toyotaLong(s);
    await unchanged(s, positionId, async () => {
      const refused = await addCredit(s, positionId, '9943001');
      expect(refused.body).toMatchObject({ status: 0, msg: 'balance_insufficient' });
    });
  });
});

describe('credits return with the margin', () => {
  it('full close at ¥2,900.5: one position_close journal returns margin ¥66,000 (¥9,000 credit included) + P&L ¥5,050 to cash; the credit is returned', async () => {
    const s = await fundedUser();
    const positionId = await toyotaLong(s);
    await addCredit(s, positionId, '9000');
    const before = await cash(s, 'JPY');
    await quote('7203', '2900.5', ['3350', '2350']);
    try {
      const closed = await t.call(
        'trade/close',
        { position_id: positionId, request_id: requestId() },
        s,
      );
      expect(closed.body).toMatchObject({ status: 1, data: { pnl: '5050' } });
    } finally {
      await quote('7203', '2850', ['3350', '2350']);
    }
    expect(await cash(s, 'JPY')).toBe(before + 66_000n + 5_050n);
    expect(await marginAccount(s)).toBe(0n);
    const journal = await t.testDb.db
      .selectFrom('journal')
      .select('id')
      .where('kind', '=', 'position_close')
      .where('reference', '=', `position:${positionId}`)
      .executeTakeFirstOrThrow();
    expect(await postingsOf(journal.id)).toEqual([
      ['cash', 71_050n],
      ['margin', -66_000n],
      ['platform:trading', -5_050n],
    ]);
    const [row] = await creditRows(positionId);
    expect(row).toMatchObject({ status: 'returned' });
    expect(row?.returned_at).not.toBeNull();
    expect((await reconcile(t.testDb.db)).breaches).toEqual([]);
  });

  it('partial close of 100 of 200: the credit stays with the open rest (margin share ¥57,000 of the ¥114,000 without it), then returns on the full close', async () => {
    const s = await fundedUser();
    const positionId = await toyotaLong(s, '200');
    await addCredit(s, positionId, '10000');
    const before = await cash(s, 'JPY');
    const part = await t.call(
      'trade/close',
      { position_id: positionId, qty: '100', request_id: requestId() },
      s,
    );
    expect(part.body.status).toBe(1);
    expect(await cash(s, 'JPY')).toBe(before + 57_000n);
    expect(await position(positionId)).toMatchObject({
      status: 'holding',
      qty: 100n,
      margin: 67_000n,
    });
    expect((await creditRows(positionId))[0]).toMatchObject({ status: 'open' });
    expect((await t.call('trade/userstocklist', { type: 'jpy' }, s)).body.data['0']).toMatchObject({
      credit: '10000',
      margin: '67000',
    });
    await t.call('trade/close', { position_id: positionId, request_id: requestId() }, s);
    expect(await cash(s, 'JPY')).toBe(before + 57_000n + 67_000n);
    expect((await creditRows(positionId))[0]).toMatchObject({ status: 'returned' });
    expect((await reconcile(t.testDb.db)).breaches).toEqual([]);
  });
});

describe('trade/ustockslist', () => {
  it('the spec shape: items with status (0 open, 1 returned) and credit, newest first, names in the caller’s language', async () => {
    const s = await registerAndLogin(t);
    await t.call('user/paperfund', { currency: 'jpy', request_id: requestId() }, s);
    const open = await toyotaLong(s);
    const closing = await toyotaLong(s);
    await addCredit(s, closing, '2000');
    await addCredit(s, open, '1500');
    await t.call('trade/close', { position_id: closing, request_id: requestId() }, s);
    const listed = await t.call('trade/ustockslist', { type: 'jpy', lang: 'us' }, s);
    expect(listed.body).toMatchObject({ status: 1, msg: 'ok' });
    // The list itself, not a list inside a second envelope (issue 19: every list call one shape).
    const items = listed.body.data as Record<string, unknown>[];
    expect(Array.isArray(items)).toBe(true);
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({
      status: 0,
      state: 'open',
      credit: '1500',
      currency: 'JPY',
      position_id: open,
      symbol: '7203',
      returned_at: null,
    });
    expect(items[1]).toMatchObject({
      status: 1,
      state: 'returned',
      credit: '2000',
      position_id: closing,
    });
    expect(typeof items[0]?.['name']).toBe('string');
    expect(items[0]?.['name']).toMatch(/Toyota/i);
    expect(items[1]?.['returned_at']).toEqual(expect.any(Number));
    const stranger = await fundedUser();
    expect((await t.call('trade/ustockslist', { type: 'jpy' }, stranger)).body.data).toEqual([]);
  });
});

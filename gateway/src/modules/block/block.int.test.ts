import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { MAX_TOPIC_WATCHES, type TopicUpdate } from '@kabuto/schema/contracts';
import { reconcile } from '@kabuto/schema/db';
import { seedCommitment, ticketFor } from '@kabuto/schema/lottery';
import { parseScaledPrice } from '@kabuto/schema/market';
import { insertOffer } from '@kabuto/schema/modules/block/db/offers.repository.ts';
import { DEMO_PLACEMENT_KEY, seedBlockDemo } from '@kabuto/schema/modules/block/db/seed-demo.ts';
import { reviewer } from '../../../test/support/funds-helpers.ts';
import {
  registerAndLogin,
  startTestGateway,
  type Session,
  type TestGateway,
} from '../../../test/support/test-gateway.ts';

// Block trades (立会外分売) over HTTP against the real gateway and database (SQLite, or PostgreSQL
// under DATABASE_URL): the back office lists offers; buyers take lots first come, with the key
// when one is needed; every refusal changes nothing; 100 concurrent buyers never oversell.
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const start = Date.now();
let offsetMs = 0;
const now = () => start + offsetMs;
const setNow = (ms: number) => {
  offsetMs = ms - start;
};
let t: TestGateway;
let admin: Awaited<ReturnType<typeof reviewer>>;
let ids = 0;
const requestId = () => `blk-req-${String((ids += 1)).padStart(6, '0')}`;
const db = () => t.testDb.db;

beforeAll(async () => {
  t = await startTestGateway({ KABUTO_CLOCK: 'always-open' }, { nowMs: now });
  admin = await reviewer(t);
}, 60_000);
beforeEach(() => {
  offsetMs = 0;
});
afterAll(async () => {
  await t.close();
});

/** Toyota (reference ¥2,850 with no feed): ¥2,800 at a discount, 10 lots, open in an hour for a day. */
function terms(overrides: Record<string, string> = {}): Record<string, string> {
  const open = now() + HOUR;
  return {
    symbol: '7203',
    price: '2800',
    lots_total: '10',
    min_lots: '1',
    max_lots: '3',
    opens_at: String(open),
    closes_at: String(open + 24 * HOUR),
    settles_at: String(open + 48 * HOUR),
    ...overrides,
  };
}

async function createOffer(overrides: Record<string, string> = {}) {
  offsetMs = 0;
  const offer = terms(overrides);
  const created = await admin.call('block/create', offer);
  expect(created.body.msg).toBe('add_ok');
  return { id: String(created.body.data.id), offer };
}

const openWindow = (offer: Record<string, string>) => setNow(Number(offer['opens_at']) + MINUTE);

async function userIdOf(s: Session): Promise<number> {
  const row = await db()
    .selectFrom('app_user')
    .select('id')
    .where('account', '=', s.account)
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

async function fund(s: Session, amount = '10000000'): Promise<void> {
  await db().deleteFrom('config_entry').where('name', '=', 'paper_grant_jpy').execute();
  await db()
    .insertInto('config_entry')
    .values({ name: 'paper_grant_jpy', value: amount })
    .execute();
  const granted = await t.call('user/paperfund', { currency: 'jpy', request_id: requestId() }, s);
  expect(granted.body.msg).toBe('claim_ok');
}

async function balance(s: Session, kind: string): Promise<bigint> {
  const row = await db()
    .selectFrom('ledger_account')
    .select('balance')
    .where('owner_key', '=', `u:${await userIdOf(s)}`)
    .where('kind', '=', kind)
    .where('currency', '=', 'JPY')
    .executeTakeFirst();
  return row?.balance ?? 0n;
}

const countOf = async (table: 'journal' | 'block_order' | 'idempotency_key') =>
  Number(
    (
      await db()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Everything a refusal must leave alone: rows, offers, balances, events. */
async function state() {
  return {
    counts: await Promise.all((['journal', 'block_order'] as const).map(countOf)),
    offers: await db().selectFrom('block_offer').selectAll().orderBy('id').execute(),
    balances: await db()
      .selectFrom('ledger_account')
      .select(['owner_key', 'kind', 'currency', 'balance'])
      .orderBy('id')
      .execute(),
    events: Number(
      (
        await db()
          .selectFrom('account_event_seq')
          .select((eb) => eb.fn.sum<string | number | bigint>('last_seq').as('n'))
          .executeTakeFirstOrThrow()
      ).n ?? 0,
    ),
  };
}

const buy = (s: Session, id: string, lots: string, extra: Record<string, string> = {}) =>
  t.call('block/buy', { id, lots, request_id: requestId(), ...extra }, s);

describe('back office', () => {
  it('creates an offer only at a discount, inside the lower limit and on tick, audited, and edits it only before it opens', async () => {
    for (const [price, why] of [
      ['2850', 'not_below_prev_close'],
      ['2349', 'below_daily_limit'],
      ['2800.3', 'off_tick'],
    ]) {
      const refused = await admin.call('block/create', terms({ price: price! }));
      expect([refused.http, refused.body.msg, refused.body.data.fields]).toEqual([
        400,
        'invalid_param',
        { price: why },
      ]);
    }
    const index = await admin.call('block/create', terms({ symbol: 'IDX:N225' }));
    expect(index.body.data.fields).toEqual({ symbol: 'not_a_stock' });
    const offersBefore = await state();
    const us = await admin.call('block/create', terms({ symbol: 'AAPL', price: '1.00' }));
    expect([us.http, us.body.data.fields]).toEqual([
      400,
      { symbol: 'market_without_block_offers' },
    ]);
    const over = await admin.call('block/create', terms({ lots_total: '2', max_lots: '3' }));
    expect([over.http, over.body.data.fields]).toEqual([400, { max_lots: 'above_lots_total' }]);
    expect(await state()).toEqual(offersBefore);
    const { id, offer } = await createOffer({ key: 'SECRET-1' });
    const row = await db()
      .selectFrom('block_offer')
      .selectAll()
      .where('id', '=', BigInt(id))
      .executeTakeFirstOrThrow();
    expect(row.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.key_hash).not.toContain('SECRET');
    expect([row.price, row.prev_close, row.lot]).toEqual([
      parseScaledPrice('2800', 'JP'),
      parseScaledPrice('2850', 'JP'),
      100n,
    ]);
    const short = await admin.call('block/create', terms({ key: 'abc' }));
    expect([short.http, short.body.data.fields]).toEqual([400, { key: 'too_short' }]);
    // an edit that leaves the key out keeps it: a private offer never turns public by omission
    const withoutKey = Object.fromEntries(Object.entries(offer).filter(([name]) => name !== 'key'));
    const edited = await admin.call('block/update', { id, ...withoutKey, lots_total: '12' });
    expect(edited.body.msg).toBe('modify_ok');
    openWindow(offer);
    const late = await admin.call('block/update', { id, ...offer, lots_total: '14' });
    expect(late.body.msg).toBe('block_trade_closed');
    const listed = (await admin.call('block/list', {})).body.data.find(
      (o: { id: string }) => o.id === id,
    );
    expect(listed).toMatchObject({ lots_total: 12, lots_left: 12, lots_sold: 0, needs_key: true });
    const audits = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('subject', '=', `block_offer:${id}`)
      .execute();
    expect(audits.map((a) => a.action)).toEqual(['block_create', 'block_update']);
  });
});

describe('block/list, block/detail, block/buy, block/orders', () => {
  it('lists by phase, buys with the key (cash to hold:block), and shows the purchase', async () => {
    const s = await registerAndLogin(t);
    await fund(s, '1000000');
    const { id, offer } = await createOffer({ key: 'PLACE-42' });
    const phaseIds = async (status: string) =>
      ((await t.call('block/list', { status }, s)).body.data as Array<{ id: string }>).map(
        (o) => o.id,
      );
    expect(await phaseIds('upcoming')).toContain(id);
    expect(await phaseIds('open')).not.toContain(id);
    openWindow(offer);
    expect(await phaseIds('open')).toContain(id);
    const listed = (await t.call('block/list', { lang: 'us' }, s)).body.data.find(
      (o: { id: string }) => o.id === id,
    );
    expect(listed).toMatchObject({
      ...{ symbol: '7203', name: 'Toyota Motor', price: '2800', lots_total: 10, lots_left: 10 },
      ...{
        min_lots: 1,
        max_lots: 3,
        lot: 100,
        needs_key: true,
        status: 'open',
        rule: 'first_come',
      },
    });
    const bought = await buy(s, id, '2', { key: 'PLACE-42' });
    expect([bought.http, bought.body.status, bought.body.msg]).toEqual([200, 1, 'placement_ok']);
    // 2 lots × 100 shares × ¥2,800
    expect([await balance(s, 'cash'), await balance(s, 'hold:block')]).toEqual([
      440_000n,
      560_000n,
    ]);
    const detail = (await t.call('block/detail', { id, lang: 'jp' }, s)).body.data;
    expect(detail).toMatchObject({
      ...{ name: 'トヨタ自動車', lots_left: 8, my_lots: 2, discount_to_prev_close: '1.75' },
    });
    const orders = (await t.call('block/orders', {}, s)).body.data;
    expect(orders[0]).toMatchObject({
      ...{ order_id: bought.body.data.order_id, offer_id: id, lots: 2, qty: 200 },
      ...{ amount: '560000', status: 'held' },
    });
    const other = await registerAndLogin(t);
    expect((await t.call('block/orders', {}, other)).body.data).toEqual([]);
    expect((await t.call('block/detail', { id: '999999' }, s)).body.msg).toBe('not_found');
    expect((await reconcile(db())).breaches).toEqual([]);
  });

  it('answers a retry with the same request_id with the first result and takes nothing more', async () => {
    const s = await registerAndLogin(t);
    await fund(s, '1000000');
    const { id, offer } = await createOffer();
    openWindow(offer);
    const request_id = requestId();
    const first = await t.call('block/buy', { id, lots: '1', request_id }, s);
    const before = await state();
    const again = await t.call('block/buy', { id, lots: '1', request_id }, s);
    expect(again.body).toEqual(first.body);
    expect(await state()).toEqual(before);
    const other = await t.call('block/buy', { id, lots: '2', request_id }, s);
    expect(other.body.msg).toBe('request_id_reused');
  });
});

describe('refusals: the msg key, HTTP 200, and nothing changed', () => {
  it('block_trade_closed before the window, at its end and after an early close', async () => {
    const s = await registerAndLogin(t);
    await fund(s);
    const { id, offer } = await createOffer();
    const before = await state();
    setNow(Number(offer['opens_at']) - 1);
    const early = await buy(s, id, '1');
    setNow(Number(offer['closes_at']));
    const late = await buy(s, id, '1');
    for (const r of [early, late]) {
      expect([r.http, r.body.status, r.body.msg]).toEqual([200, 0, 'block_trade_closed']);
    }
    expect(await state()).toEqual(before);
    const second = await createOffer();
    openWindow(second.offer);
    expect((await admin.call('block/close', { id: second.id })).body.msg).toBe('ok');
    const stateClosed = await state();
    expect((await buy(s, second.id, '1')).body.msg).toBe('block_trade_closed');
    expect(await state()).toEqual(stateClosed);
  });

  it('min_lots, quota_insufficient (per buyer and lots left) and key_mismatch', async () => {
    const s = await registerAndLogin(t);
    await fund(s);
    const { id, offer } = await createOffer({
      min_lots: '2',
      max_lots: '3',
      lots_total: '4',
      key: 'KEY-001',
    });
    openWindow(offer);
    const before = await state();
    const refusals = [
      [await buy(s, id, '1', { key: 'KEY-001' }), 'min_lots'],
      [await buy(s, id, '4', { key: 'KEY-001' }), 'quota_insufficient'],
      [await buy(s, id, '2'), 'key_mismatch'],
      [await buy(s, id, '2', { key: 'KEY-002' }), 'key_mismatch'],
    ] as const;
    for (const [r, msg] of refusals) {
      expect([r.http, r.body.status, r.body.msg]).toEqual([200, 0, msg]);
    }
    expect(await state()).toEqual(before);
    expect((await buy(s, id, '2', { key: 'KEY-001' })).body.msg).toBe('placement_ok');
    const afterOne = await state();
    // 2 bought, max 3: another 2 is over the buyer's quota
    expect((await buy(s, id, '2', { key: 'KEY-001' })).body.msg).toBe('quota_insufficient');
    const second = await registerAndLogin(t);
    await fund(second);
    const afterFund = await state();
    // 2 left: 3 is more than there is
    expect((await buy(second, id, '3', { key: 'KEY-001' })).body.msg).toBe('quota_insufficient');
    expect(await state()).toEqual(afterFund);
    expect(afterFund.offers).toEqual(afterOne.offers);
  });

  it('a placement key cannot be guessed: after 5 wrong keys in 15 minutes even the right one is too_frequent', async () => {
    const s = await registerAndLogin(t);
    await fund(s);
    const { id, offer } = await createOffer({ key: 'RIGHT-KEY' });
    openWindow(offer);
    const before = await state();
    const guesses = await Promise.all(
      Array.from({ length: 8 }, (_, k) => buy(s, id, '1', { key: `GUESS-${k}` })),
    );
    const msgs = guesses.map((r) => r.body.msg).sort();
    expect(msgs.filter((m) => m === 'key_mismatch')).toHaveLength(5);
    expect(msgs.filter((m) => m === 'too_frequent')).toHaveLength(3);
    expect((await buy(s, id, '1', { key: 'RIGHT-KEY' })).body.msg).toBe('too_frequent');
    expect(await state()).toEqual(before);
    // knowing another offer's key buys no more guesses at this one: 4 wrong, 1 right, 3 times
    const insider = await registerAndLogin(t);
    await fund(insider);
    const known = await createOffer({ key: 'KNOWN-KEY', max_lots: '3' });
    openWindow(known.offer);
    const wrong: string[] = [];
    for (let round = 0; round < 3; round++) {
      for (let k = 0; k < 4; k++) {
        wrong.push((await buy(insider, id, '1', { key: `AGAIN-${round}-${k}` })).body.msg);
      }
      await buy(insider, known.id, '1', { key: 'KNOWN-KEY' });
    }
    expect(wrong.filter((m) => m === 'key_mismatch')).toHaveLength(5);
    expect(wrong.filter((m) => m === 'too_frequent')).toHaveLength(7);
    const other = await registerAndLogin(t);
    await fund(other);
    expect((await buy(other, id, '1', { key: 'RIGHT-KEY' })).body.msg).toBe('placement_ok');
  });

  it('cannot_buy for an index and for a market without block offers', async () => {
    const s = await registerAndLogin(t);
    await fund(s);
    const base = {
      ...{ price: 10n, prevClose: 11n, lot: 1, lotsTotal: 10, minLots: 1, maxLots: 5 },
      ...{ rule: 'first_come' as const, keyHash: null },
      ...{ opensAt: now() - HOUR, closesAt: now() + HOUR, settlesAt: now() + 2 * HOUR },
    };
    const index = await insertOffer(
      db(),
      { ...base, symbol: 'IDX:N225', market: 'JP', currency: 'JPY' },
      { createdBy: null, nowMs: now(), box: t.gateway.deps.secrets },
    );
    const usId = String(
      await insertOffer(
        db(),
        { ...base, symbol: 'AAPL', market: 'US', currency: 'USD' },
        { createdBy: null, nowMs: now(), box: t.gateway.deps.secrets },
      ),
    );
    const before = await state();
    for (const id of [String(index), usId]) {
      const r = await buy(s, id, '1');
      expect([r.http, r.body.status, r.body.msg]).toEqual([200, 0, 'cannot_buy']);
    }
    expect(await state()).toEqual(before);
  });

  it('available_insufficient when the cash does not cover the cost', async () => {
    const s = await registerAndLogin(t);
    await fund(s, '100000');
    const { id, offer } = await createOffer();
    openWindow(offer);
    const before = await state();
    const r = await buy(s, id, '1');
    expect([r.http, r.body.status, r.body.msg]).toEqual([200, 0, 'available_insufficient']);
    expect(await state()).toEqual(before);
  });

  it('not_found for an unknown offer and invalid_param (400) for bad input', async () => {
    const s = await registerAndLogin(t);
    expect((await buy(s, '999999', '1')).body.msg).toBe('not_found');
    const zero = await buy(s, '1', '0');
    expect([zero.http, zero.body.msg]).toEqual([400, 'invalid_param']);
  });
});

describe('the lots left, live', () => {
  const sockets: Socket[] = [];
  afterAll(() => sockets.forEach((socket) => socket.disconnect()));
  async function watcher(): Promise<Socket> {
    const socket = connect(t.baseUrl, { transports: ['websocket'], forceNew: true });
    sockets.push(socket);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    return socket;
  }
  const watch = (socket: Socket, topic: string, key: string) =>
    socket.timeout(3000).emitWithAck('topic:watch', { topic, key });

  it('tells whoever watches an offer its lots left after each purchase, and no one else', async () => {
    const { id, offer } = await createOffer({ lots_total: '10' });
    const [other] = [await createOffer({ lots_total: '10' })];
    openWindow(offer);
    const watching = await watcher();
    const elsewhere = await watcher();
    expect(await watch(watching, 'block', id)).toEqual({ ok: true });
    expect(await watch(elsewhere, 'block', other.id)).toEqual({ ok: true });
    const seen: TopicUpdate[] = [];
    const strays: TopicUpdate[] = [];
    watching.on('topic:update', (update: TopicUpdate) => seen.push(update));
    elsewhere.on('topic:update', (update: TopicUpdate) => strays.push(update));
    const s = await registerAndLogin(t);
    await fund(s);
    expect((await buy(s, id, '3')).body.msg).toBe('purchase_ok');
    await expect.poll(() => seen.length).toBe(1);
    expect(seen[0]).toEqual({
      topic: 'block',
      key: id,
      data: { offer_id: id, lots_left: 7, lots_applied: 0, applicants: 0 },
    });
    expect(strays).toEqual([]);
  });

  it('refuses an unknown topic or key (invalid_param) and more than the watch limit (too_frequent)', async () => {
    const socket = await watcher();
    expect(await watch(socket, 'position', '1')).toEqual({ ok: false, msg: 'invalid_param' });
    expect(await watch(socket, 'block', '../1')).toEqual({ ok: false, msg: 'invalid_param' });
    for (let k = 1; k <= MAX_TOPIC_WATCHES; k++) {
      expect(await watch(socket, 'block', String(k))).toEqual({ ok: true });
    }
    expect(await watch(socket, 'block', '999')).toEqual({ ok: false, msg: 'too_frequent' });
    expect(await watch(socket, 'block', '1')).toEqual({ ok: true });
  });
});

describe('lottery offers', () => {
  it('takes one application per buyer for more lots than are left, holds its cost, and publishes the seed commitment, not the draw', async () => {
    const s = await registerAndLogin(t);
    await fund(s, '1000000');
    const { id, offer } = await createOffer({ rule: 'lottery', lots_total: '3', max_lots: '3' });
    // The draw's seed and ticket key are stored sealed (issue 21); the commitment is the plain
    // seed's hash, and each ticket the hmac of the plain key.
    const stored = await db()
      .selectFrom('block_offer')
      .select(['seed', 'listing_key', 'seed_commitment'])
      .where('id', '=', BigInt(id))
      .executeTakeFirstOrThrow();
    const seed = t.gateway.deps.secrets.open(stored.seed!);
    const listingKey = t.gateway.deps.secrets.open(stored.listing_key!);
    expect([stored.seed!.startsWith('v1.'), stored.listing_key!.startsWith('v1.')]).toEqual([
      true,
      true,
    ]);
    expect([seed, listingKey].every((v) => /^[0-9a-f]{64}$/.test(v))).toBe(true);
    expect(stored.seed_commitment).toBe(seedCommitment(seed));
    openWindow(offer);
    const applied = await buy(s, id, '3');
    expect([applied.http, applied.body.status, applied.body.msg]).toEqual([200, 1, 'subscribe_ok']);
    const other = await registerAndLogin(t);
    await fund(other, '1000000');
    expect((await buy(other, id, '3')).body.msg).toBe('subscribe_ok');
    // 6 lots applied for 3 offered: the lots left stay for the draw; each cost is held.
    expect([await balance(s, 'cash'), await balance(s, 'hold:block')]).toEqual([
      160_000n,
      840_000n,
    ]);
    const detail = (await t.call('block/detail', { id }, s)).body.data;
    expect(detail).toMatchObject({ rule: 'lottery', lots_left: 3, my_lots: 3 });
    expect(detail.lottery).toMatchObject({ lots_applied: 6, applicants: 2, drawn: false });
    expect(detail.lottery.seed_commitment).toMatch(/^[0-9a-f]{64}$/);
    const order = (await t.call('block/orders', {}, s)).body.data[0];
    expect(order).toMatchObject({ rule: 'lottery', lots_applied: 3, lots_won: null });
    expect(order.ticket).toBe(ticketFor(listingKey, Number(order.order_id)));
    expect(detail.lottery.seed_commitment).toBe(stored.seed_commitment);
    const before = await state();
    expect((await buy(s, id, '1')).body.msg).toBe('already_applied');
    const proof = await t.call('block/proof', { id }, s);
    expect([proof.body.status, proof.body.msg]).toEqual([0, 'allotment_not_drawn']);
    expect(await state()).toEqual(before);
    expect((await reconcile(db())).breaches).toEqual([]);
  });
});

describe('100 concurrent buyers for 10 lots, first come', () => {
  it('sells exactly 10 lots, never more, and reconciles clean', async () => {
    const buyers: Session[] = [];
    for (let i = 0; i < 100; i += 1) {
      const s = await registerAndLogin(t);
      await fund(s, '1000000');
      buyers.push(s);
    }
    const { id, offer } = await createOffer({ lots_total: '10', max_lots: '1' });
    openWindow(offer);
    const answers = await Promise.all(buyers.map((s) => buy(s, id, '1')));
    const msgs = answers.map((a) => a.body.msg);
    expect(msgs.filter((m) => m === 'purchase_ok')).toHaveLength(10);
    expect(msgs.filter((m) => m === 'quota_insufficient')).toHaveLength(90);
    const row = await db()
      .selectFrom('block_offer')
      .select('lots_left')
      .where('id', '=', BigInt(id))
      .executeTakeFirstOrThrow();
    expect(row.lots_left).toBe(0n);
    const orders = await db()
      .selectFrom('block_order')
      .select(['lots', 'amount'])
      .where('offer_id', '=', BigInt(id))
      .execute();
    expect(orders.reduce((sum, o) => sum + o.lots, 0n)).toBe(10n);
    const held = await Promise.all(buyers.map((s) => balance(s, 'hold:block')));
    expect(held.filter((h) => h === 280_000n)).toHaveLength(10);
    expect(held.filter((h) => h === 0n)).toHaveLength(90);
    expect((await reconcile(db())).breaches).toEqual([]);
  }, 240_000);
});

describe('demo offers', () => {
  it('seeds a first-come offer without a key, one with the key, an upcoming one and a lottery one, once; the keyed one sells with its key', async () => {
    await seedBlockDemo(db(), now(), t.gateway.deps.secrets);
    await seedBlockDemo(db(), now(), t.gateway.deps.secrets);
    const demos = await db()
      .selectFrom('block_offer')
      .select(['id', 'symbol', 'key_hash', 'rule'])
      .where('created_by', 'is', null)
      .where('symbol', 'in', ['7203', '6758', '9984', '8306'])
      .orderBy('id')
      .execute();
    expect(demos.map((d) => [d.symbol, d.key_hash !== null, d.rule])).toEqual([
      ['7203', false, 'first_come'],
      ['6758', true, 'first_come'],
      ['9984', false, 'first_come'],
      ['8306', false, 'lottery'],
    ]);
    const s = await registerAndLogin(t);
    await fund(s);
    const open = (await t.call('block/list', { status: 'open' }, s)).body.data as Array<{
      id: string;
      symbol: string;
    }>;
    expect(open.map((o) => o.symbol)).toEqual(expect.arrayContaining(['7203', '6758']));
    const keyed = String(demos[1]!.id);
    expect((await buy(s, keyed, '1')).body.msg).toBe('key_mismatch');
    expect((await buy(s, keyed, '1', { key: DEMO_PLACEMENT_KEY })).body.msg).toBe('placement_ok');
    expect((await buy(s, String(demos[2]!.id), '1')).body.msg).toBe('block_trade_closed');
  });
});

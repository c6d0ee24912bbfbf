import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { reconcile } from '@kabuto/schema/db';
import {
  admin,
  balance,
  createListing,
  db,
  fund,
  jpTerms,
  mine,
  openWindow,
  requestId,
  setNow,
  state,
  t,
  useIpoGateway,
  user,
  writeDraw,
} from './support/ipo-suite.ts';
import { putInStatus, untilWaiting } from '@kabuto/schema/testing';

// Attacks on the new-share calls: races on one subscription, replays, secrets before the draw,
// terms too large for the ledger, and reconcile's view of hold:ipo.
useIpoGateway();

async function oneWinner(overrides: Record<string, string> = {}) {
  const s = await user();
  const { id, terms } = await createListing({ lots_offered: '3', ...overrides });
  openWindow(terms);
  const ok = await t.call('ipo/subscribe', { id, lots: '1', request_id: requestId() }, s);
  expect(ok.body.msg).toBe('subscribe_ok');
  setNow(Number(terms['draw_at']));
  await writeDraw(id);
  const sub = await mine(s, id);
  expect(sub?.status).toBe('won');
  return { s, id, terms, subscriptionId: sub?.subscription_id as string };
}

const ipoJournals = async () =>
  Number(
    (
      await db()
        .selectFrom('journal')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('kind', '=', 'ipo_payment')
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('ipo red team: races on one subscription', () => {
  it('20 parallel pays of one win (distinct request ids): money moves once, 19 already_paid', async () => {
    const { s, subscriptionId } = await oneWinner();
    await fund(s, '1000000');
    const journalsBefore = await ipoJournals();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call('ipo/pay', { subscription_id: subscriptionId, request_id: requestId() }, s),
      ),
    );
    const msgs = answers.map((a) => a.body.msg).sort();
    expect(msgs.filter((m) => m === 'payment_ok')).toHaveLength(1);
    expect(msgs.filter((m) => m === 'already_paid')).toHaveLength(19);
    expect(answers.every((a) => a.http < 500)).toBe(true);
    expect([await balance(s, 'cash'), await balance(s, 'hold:ipo')]).toEqual([850_000n, 150_000n]);
    expect((await ipoJournals()) - journalsBefore).toBe(1);
    expect((await reconcile(db())).breaches).toEqual([]);
  });

  it('20 parallel pays with one request id: one payment, every answer the first one', async () => {
    const { s, subscriptionId } = await oneWinner();
    await fund(s, '1000000');
    const rid = requestId();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call('ipo/pay', { subscription_id: subscriptionId, request_id: rid }, s),
      ),
    );
    expect(answers.every((a) => a.http < 500)).toBe(true);
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(answers[0]!.body.msg).toBe('payment_ok');
    expect([await balance(s, 'cash'), await balance(s, 'hold:ipo')]).toEqual([850_000n, 150_000n]);
  });

  it('pay and waive racing (10 each): one of them wins, money matches the status', async () => {
    const { s, subscriptionId } = await oneWinner();
    await fund(s, '1000000');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, k) =>
        k % 2 === 0
          ? t.call('ipo/pay', { subscription_id: subscriptionId, request_id: requestId() }, s)
          : t.call('ipo/waive', { subscription_id: subscriptionId }, s),
      ),
    );
    expect(answers.every((a) => a.http < 500)).toBe(true);
    const row = await db()
      .selectFrom('ipo_subscription')
      .select('status')
      .where('id', '=', BigInt(subscriptionId))
      .executeTakeFirstOrThrow();
    const held = await balance(s, 'hold:ipo');
    expect(row.status === 'paid' ? held === 150_000n : held === 0n).toBe(true);
    expect((await reconcile(db())).breaches).toEqual([]);
  });

  it('waive then pay: allotment_not_won, nothing changed', async () => {
    const { s, subscriptionId } = await oneWinner();
    await fund(s, '1000000');
    expect((await t.call('ipo/waive', { subscription_id: subscriptionId }, s)).body.msg).toBe('ok');
    const before = await state(s);
    const pay = await t.call(
      'ipo/pay',
      { subscription_id: subscriptionId, request_id: requestId() },
      s,
    );
    expect(pay.body.msg).toBe('allotment_not_won');
    expect(await state(s)).toEqual(before);
  });
});

describe('ipo red team: replays', () => {
  it('a subscribe request_id replayed after the close against another listing subscribes nothing', async () => {
    const s = await user();
    const a = await createListing();
    const b = await createListing();
    openWindow(a.terms);
    const rid = requestId();
    const first = await t.call('ipo/subscribe', { id: a.id, lots: '1', request_id: rid }, s);
    expect(first.body.msg).toBe('subscribe_ok');
    setNow(Number(a.terms['subscribe_end']) + 1);
    const before = await state(s);
    const replay = await t.call('ipo/subscribe', { id: b.id, lots: '1', request_id: rid }, s);
    expect(replay.http).toBeLessThan(500);
    expect(replay.body.msg).not.toBe('subscribe_ok');
    const otherLots = await t.call('ipo/subscribe', { id: a.id, lots: '2', request_id: rid }, s);
    expect(otherLots.body.msg).not.toBe('subscribe_ok');
    expect(await state(s)).toEqual(before);
  });

  it('a pay request_id reused for ipo/subscribe after the close subscribes nothing', async () => {
    const { s, terms, subscriptionId } = await oneWinner();
    await fund(s, '1000000');
    const rid = requestId();
    await t.call('ipo/pay', { subscription_id: subscriptionId, request_id: rid }, s);
    const other = await createListing({ subscribe_start: terms['subscribe_start']! });
    setNow(Number(terms['subscribe_end']) + 1);
    const before = await state(s);
    const trick = await t.call('ipo/subscribe', { id: other.id, lots: '1', request_id: rid }, s);
    expect(trick.http).toBeLessThan(500);
    expect(trick.body.msg).not.toBe('subscribe_ok');
    expect(await state(s)).toEqual(before);
  });
});

describe('ipo red team: the close against the draw’s freeze', () => {
  // PostgreSQL: the draw's freeze holds the listing row (FOR UPDATE) while the clock passes the
  // close; an application waiting for it must then read the clock, not use one read before.
  it.skipIf(!process.env['DATABASE_URL']?.startsWith('postgres'))(
    'an application that waited for the freeze past the close is subscription_not_open, nothing written',
    async () => {
      const s = await user();
      const { id, terms } = await createListing();
      setNow(Number(terms['subscribe_end']) - 1);
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const holding = new Promise<void>((resolve) => (locked = resolve));
      const freeze = db()
        .transaction()
        .execute(async (trx) => {
          await sql`select id from ipo_listing where id = ${Number(id)} for update`.execute(trx);
          locked();
          await gate;
        });
      await holding;
      const before = await state(s);
      const applying = t.call('ipo/subscribe', { id, lots: '1', request_id: requestId() }, s);
      await untilWaiting(db(), 'lock'); // the application waits for the freeze's row lock
      setNow(Number(terms['subscribe_end']));
      release();
      await freeze;
      const answer = await applying;
      expect(answer.body.msg).toBe('subscription_not_open');
      expect(await state(s)).toEqual(before);
    },
  );
});

describe('ipo red team: secrets before the draw', () => {
  it('neither the seed nor the listing key appears in any user or admin answer, nor the audit log, before the draw', async () => {
    const s = await user();
    const { id, terms } = await createListing();
    const sealed = await db()
      .selectFrom('ipo_listing')
      .select(['seed', 'listing_key'])
      .where('id', '=', BigInt(id))
      .executeTakeFirstOrThrow();
    const secrets = {
      seed: t.gateway.deps.secrets.open(sealed.seed),
      listing_key: t.gateway.deps.secrets.open(sealed.listing_key),
    };
    openWindow(terms);
    await t.call('ipo/subscribe', { id, lots: '1', request_id: requestId() }, s);
    const answers = [
      await t.call('ipo/list', { status: 'all' }, s),
      await t.call('ipo/detail', { id }, s),
      await t.call('ipo/proof', { id }, s),
      await t.call('trade/usernewstocklist', {}, s),
      await admin.call('ipo/subscriptions', { id }),
      await admin.call('ipo/update', { ...terms, id }),
      await t.call('ipo/subscribe', { id, lots: '99', request_id: requestId() }, s),
    ];
    const audit = await db().selectFrom('audit_log').selectAll().execute();
    const text = JSON.stringify([answers.map((a) => a.body), audit], (_, v: unknown) =>
      typeof v === 'bigint' ? String(v) : v,
    );
    for (const secret of [secrets.seed, secrets.listing_key, sealed.seed, sealed.listing_key]) {
      expect(text).not.toContain(secret);
    }
    const openapi = await fetch(`${t.baseUrl}/openapi.json`).then((r) => r.text());
    expect(openapi).not.toContain(secrets.seed);
  });
});

describe('ipo red team: terms the ledger cannot hold', () => {
  it('refuses a listing whose largest amount due is beyond a safe integer of minor units: invalid_param, nothing written', async () => {
    const before = await state();
    // ¥50,000,000 a share × 1,000,000 shares a lot × 1,000,000 lots: ¥5 × 10^19, past int64.
    const huge = jpTerms({ price: '50000000', lot: '1000000', max_lots: '1000000' });
    const created = await admin.call('ipo/create', huge);
    expect(created.http).toBeLessThan(500);
    expect(created.body).toMatchObject({
      msg: 'invalid_param',
      data: { fields: { max_lots: 'amount_too_large' } },
    });
    // Everyone asking one lot is fine, but all the lots offered together are not either.
    const offered = await admin.call(
      'ipo/create',
      jpTerms({ price: '50000000', lot: '1000000', max_lots: '1', lots_offered: '1000000' }),
    );
    expect(offered.body).toMatchObject({
      msg: 'invalid_param',
      data: { fields: { lots_offered: 'amount_too_large' } },
    });
    expect(await state()).toEqual(before);
    // Right at the edge (9,007,199,254,740,991 is the largest safe integer) it is accepted.
    const edge = await admin.call(
      'ipo/create',
      jpTerms({ price: '9000000', lot: '1000000', max_lots: '1000', lots_offered: '1000' }),
    );
    expect(edge.body.msg).toBe('add_ok');
  });
});

const BAD_VALUES = [
  '',
  ' ',
  '-1',
  '0',
  '1.5',
  '1e3',
  '1e309',
  '9007199254740993',
  '99999999999999999999999',
  '0x10',
  'NaN',
  'Infinity',
  'null',
  'true',
  '[object Object]',
  '__proto__',
  'x'.repeat(5_000),
  '１２',
  '1\u0000',
];

/** Numbers in other spellings: `z.coerce.number()` reads them as 16 and 1000. */
const LOOKALIKES = ['0x10', '1e3'];

/** Fields where any short text is a valid value (the symbol's shape is its own test below). */
const FREE_TEXT = new Set(['symbol', 'name_ja', 'name_en', 'name_zh', 'lead_underwriter', 'per']);

describe('ipo red team: bad input to every call', () => {
  it('every field of every user and admin call, given junk: a 4xx msg key, never a 500, nothing written', async () => {
    const s = await user();
    const { id, terms } = await createListing();
    openWindow(terms);
    const base: Record<string, Record<string, string>> = {
      'ipo/list': { status: 'all', lang: 'us' },
      'ipo/detail': { id, lang: 'us' },
      'ipo/subscribe': { id, lots: '1', request_id: requestId() },
      'ipo/pay': { subscription_id: '1', request_id: requestId() },
      'ipo/waive': { subscription_id: '1' },
      'ipo/proof': { id },
      'trade/usernewstocklist': { lang: 'us' },
    };
    const before = await state(s);
    const fivehundreds: string[] = [];
    const accepted: string[] = [];
    const adminAccepted: string[] = [];
    for (const [path, fields] of Object.entries(base)) {
      // Any text is a request id; the ids and lots are what must never slip through.
      for (const field of Object.keys(fields).filter((f) => f !== 'request_id')) {
        for (const value of BAD_VALUES) {
          const answer = await t.call(path, { ...fields, [field]: value }, s);
          if (answer.http >= 500) fivehundreds.push(`${path} ${field}=${value.slice(0, 20)}`);
          if (answer.body.msg === 'subscribe_ok' && !LOOKALIKES.includes(value)) {
            accepted.push(`${path} ${field}=${value.slice(0, 20)}`);
          }
        }
      }
    }
    const adminBase: Record<string, Record<string, string>> = {
      'ipo/create': jpTerms(),
      'ipo/update': { ...jpTerms(), id },
      'ipo/subscriptions': { id },
    };
    for (const [path, fields] of Object.entries(adminBase)) {
      for (const field of Object.keys(fields)) {
        for (const value of BAD_VALUES) {
          const answer = await admin.call(path, { ...fields, [field]: value });
          if (answer.http >= 500) fivehundreds.push(`admin ${path} ${field}=${value.slice(0, 20)}`);
          const ok = ['add_ok', 'modify_ok'].includes(answer.body.msg);
          // Lookalikes have their own test below.
          if (ok && !FREE_TEXT.has(field) && !LOOKALIKES.includes(value)) {
            adminAccepted.push(`${path} ${field}=${value.slice(0, 20)}`);
          }
        }
      }
    }
    expect(fivehundreds).toEqual([]);
    expect(accepted).toEqual([]);
    expect(adminAccepted).toEqual([]);
    const after = await state(s);
    expect(after.subscriptions).toEqual(before.subscriptions);
  }, 120_000);
});

describe('ipo red team: ids in other spellings', () => {
  // Every whole-number field takes decimal digits only (`wholeNumberField`): an id written as hex
  // or with an exponent is refused instead of naming another row.
  it('ipo/update with id "0x10" or "1e1" is invalid_param, not an edit of listing 16 or 10', async () => {
    const answers = [];
    for (const id of ['0x10', '1e1']) {
      answers.push((await admin.call('ipo/update', { ...jpTerms(), id })).body.msg);
    }
    expect(answers).toEqual(['invalid_param', 'invalid_param']);
  });
});

describe('ipo red team: a new listing’s code', () => {
  // A new listing's code has its market's form (`NEW_LISTING_SYMBOL`), so a JP listing cannot be
  // called NULL, TRUE, NAN, 1.5 or 0X10 and trade under it once listed.
  it('a JP listing’s symbol is a TSE code (4 characters, digits and capitals); junk is invalid_param', async () => {
    const accepted: string[] = [];
    for (const symbol of ['UNDEFINED', 'FALSE', 'NAN.', '2.5', '0X11', '9E99', '00', '::']) {
      const answer = await admin.call('ipo/create', jpTerms({ symbol }));
      if (answer.body.msg === 'add_ok') accepted.push(symbol);
    }
    expect(accepted).toEqual([]);
  });
});

describe('ipo red team: symbols and dates at create', () => {
  it('a catalogue symbol in another case (or with spaces) is taken; a window already over is in_the_past; nothing written', async () => {
    const before = await state();
    const answers = [];
    for (const symbol of ['7203', ' 7203 ', 'aapl', 'Aapl', '600519']) {
      answers.push((await admin.call('ipo/create', jpTerms({ symbol }))).body);
    }
    for (const answer of answers) {
      expect(answer).toMatchObject({ msg: 'invalid_param', data: { fields: { symbol: 'taken' } } });
    }
    const past = jpTerms({
      subscribe_start: String(Date.now() - 3_000_000),
      subscribe_end: String(Date.now() - 2_000_000),
    });
    expect((await admin.call('ipo/create', past)).body).toMatchObject({
      msg: 'invalid_param',
      data: { fields: { subscribe_end: 'in_the_past' } },
    });
    expect(await state()).toEqual(before);
  });
});

describe('ipo red team: reconcile knows hold:ipo', () => {
  it('a paid subscription whose hold is gone (or a hold without a paid subscription) is a breach', async () => {
    const { s, subscriptionId } = await oneWinner();
    await fund(s, '1000000');
    await t.call('ipo/pay', { subscription_id: subscriptionId, request_id: requestId() }, s);
    expect((await reconcile(db())).breaches).toEqual([]);
    // The status moved back without its journal: the ledger still balances, the money is stuck.
    await putInStatus(db(), 'ipo_subscription', BigInt(subscriptionId), 'won');
    const report = await reconcile(db());
    expect(report.breaches.map((b) => b.invariant)).toContain(
      'I5 ipo hold equals the paid subscriptions',
    );
    await putInStatus(db(), 'ipo_subscription', BigInt(subscriptionId), 'paid');
    expect((await reconcile(db())).breaches).toEqual([]);
  });
});

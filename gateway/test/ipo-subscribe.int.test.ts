import { describe, expect, it } from 'vitest';
import { ticketFor } from '@kabuto/schema/lottery';
import { subscribe } from '../src/modules/ipo/subscribe.service.ts';
import {
  HOUR,
  MINUTE,
  balance,
  createListing,
  db,
  fund,
  mine,
  openWindow,
  requestId,
  setNow,
  state,
  t,
  useIpoGateway,
  user,
  userIdOf,
} from './support/ipo-suite.ts';

// Subscribing to new shares over HTTP against the real gateway and database: the window, the
// lots, once per listing (also under parallel requests), the ticket, and nothing held.
useIpoGateway();

describe('ipo/list and ipo/detail', () => {
  it('lists by phase from the server clock, names in the caller’s language, with the spec’s fields', async () => {
    const s = await user();
    const { id, terms } = await createListing({ market_price: '1800', price: '1500' });
    const byPhase = async (status: string, lang = 'jp') =>
      ((await t.call('ipo/list', { status, lang }, s)).body.data as Array<{ id: string }>).map(
        (l) => l.id,
      );
    setNow(Number(terms['subscribe_start']) - 1);
    expect(await byPhase('upcoming')).toContain(id);
    expect(await byPhase('open')).not.toContain(id);
    setNow(Number(terms['subscribe_start']));
    expect(await byPhase('open')).toContain(id);
    setNow(Number(terms['subscribe_end']));
    expect(await byPhase('closed')).toContain(id);
    expect(await byPhase('all')).toContain(id);
    const listed = (await t.call('ipo/list', { status: 'all', lang: 'cn' }, s)).body.data.find(
      (l: { id: string }) => l.id === id,
    );
    expect(listed).toMatchObject({ name: '测试工业', price: '1500', lot: 100, status: 'closed' });
    expect(listed.seed_commitment).toMatch(/^[0-9a-f]{64}$/);

    const detail = (await t.call('ipo/detail', { id, lang: 'us' }, s)).body.data;
    expect(detail).toMatchObject({
      name: 'Test Industries',
      market_price: '1800',
      underwriting_price: '1380',
      per: '18.2',
      lead_underwriter: 'SMBC Nikko',
      // 5 lots × 100 shares × ¥1,500
      subscription_cap: '750000',
      // (1800 − 1500) ÷ 1500
      premium_spread: '20.00',
      applicants: 0,
      allotment_rate: null,
      mine: null,
    });
    expect((await t.call('ipo/detail', { id: '999999' }, s)).body.msg).toBe('not_found');
  });
});

describe('ipo/subscribe', () => {
  it('refuses outside the window (the start is in, the end is out) and changes nothing', async () => {
    const s = await user();
    const { id, terms } = await createListing();
    const subscribeAt = async (ms: number) => {
      setNow(ms);
      return (await t.call('ipo/subscribe', { id, lots: '1', request_id: requestId() }, s)).body;
    };
    const before = await state(s);
    expect((await subscribeAt(Number(terms['subscribe_start']) - 1)).msg).toBe(
      'subscription_not_open',
    );
    expect((await subscribeAt(Number(terms['subscribe_end']))).msg).toBe('subscription_not_open');
    expect(await state(s)).toEqual(before);
    expect((await subscribeAt(Number(terms['subscribe_start']))).msg).toBe('subscribe_ok');
    const other = await user();
    setNow(Number(terms['subscribe_end']) - 1);
    expect(
      (await t.call('ipo/subscribe', { id, lots: '1', request_id: requestId() }, other)).body.msg,
    ).toBe('subscribe_ok');
  });

  it('takes lots from min to max and refuses one fewer or one more with qty_invalid', async () => {
    const { id, terms } = await createListing({ min_lots: '2', max_lots: '5' });
    openWindow(terms);
    const [a, b, c] = [await user(), await user(), await user()];
    const before = await state();
    for (const lots of ['1', '6']) {
      const refused = await t.call('ipo/subscribe', { id, lots, request_id: requestId() }, a);
      expect(refused.body.msg).toBe('qty_invalid');
    }
    const zero = await t.call('ipo/subscribe', { id, lots: '0', request_id: requestId() }, a);
    expect([zero.http, zero.body.msg]).toEqual([400, 'invalid_param']);
    expect(await state()).toEqual(before);
    for (const [s, lots] of [
      [b, '2'],
      [c, '5'],
    ] as const) {
      const ok = await t.call('ipo/subscribe', { id, lots, request_id: requestId() }, s);
      expect(ok.body.msg).toBe('subscribe_ok');
    }
  });

  it('applies once per listing, holds nothing, and writes the ticket hmac(listing_key, id) with the row', async () => {
    const s = await user();
    await fund(s, '500000');
    const { id, terms } = await createListing();
    openWindow(terms);
    const cashBefore = await balance(s, 'cash');
    const journals = (await state(s)).counts[0];
    const first = await t.call('ipo/subscribe', { id, lots: '3', request_id: requestId() }, s);
    expect(first.body).toMatchObject({ status: 1, msg: 'subscribe_ok' });
    const subscriptionId = first.body.data.subscription_id as string;
    expect([await balance(s, 'cash'), await balance(s, 'hold:ipo')]).toEqual([cashBefore, 0n]);
    expect((await state(s)).counts[0]).toBe(journals);
    const sealedKey = (
      await db()
        .selectFrom('ipo_listing')
        .select('listing_key')
        .where('id', '=', BigInt(id))
        .executeTakeFirstOrThrow()
    ).listing_key;
    const key = t.gateway.deps.secrets.open(sealedKey);
    expect(await mine(s, id)).toMatchObject({
      subscription_id: subscriptionId,
      status: 'applied',
      ticket: ticketFor(key, Number(subscriptionId)),
      lots_won: null,
    });

    const before = await state(s);
    const again = await t.call('ipo/subscribe', { id, lots: '1', request_id: requestId() }, s);
    expect(again.body.msg).toBe('new_share_once');
    expect(await state(s)).toEqual(before);
  });

  it('a retry with the same request_id answers the first result, even after the window closed', async () => {
    const s = await user();
    const { id, terms } = await createListing();
    openWindow(terms);
    const rid = requestId();
    const first = await t.call('ipo/subscribe', { id, lots: '2', request_id: rid }, s);
    expect(first.body.msg).toBe('subscribe_ok');
    const before = await state(s);
    setNow(Number(terms['subscribe_end']) + HOUR);
    const replay = await t.call('ipo/subscribe', { id, lots: '2', request_id: rid }, s);
    expect(replay.body).toEqual(first.body);
    const reused = await t.call('ipo/subscribe', { id, lots: '3', request_id: rid }, s);
    expect(reused.body.msg).toBe('request_id_reused');
    expect(await state(s)).toEqual(before);
  });

  it('20 parallel subscriptions of one user to one listing: exactly one row, 19 new_share_once', async () => {
    const s = await user();
    const { id, terms } = await createListing();
    openWindow(terms);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call('ipo/subscribe', { id, lots: '1', request_id: requestId() }, s),
      ),
    );
    const msgs = answers.map((a) => a.body.msg).sort();
    expect(msgs.filter((m) => m === 'subscribe_ok')).toHaveLength(1);
    expect(msgs.filter((m) => m === 'new_share_once')).toHaveLength(19);
    const rows = await db()
      .selectFrom('ipo_subscription')
      .select('id')
      .where('listing_id', '=', BigInt(id))
      .execute();
    expect(rows).toHaveLength(1);
    const detail = (await t.call('ipo/detail', { id }, s)).body.data;
    expect([detail.applicants, detail.lots_applied]).toEqual([1, 1]);
  });

  it('an unknown listing is not_found; a listing still upcoming an hour before is not open', async () => {
    const s = await user();
    const { id, terms } = await createListing();
    setNow(Number(terms['subscribe_start']) - MINUTE);
    const before = await state(s);
    const unknown = await t.call(
      'ipo/subscribe',
      { id: '424242', lots: '1', request_id: requestId() },
      s,
    );
    expect([unknown.http, unknown.body.msg]).toEqual([404, 'not_found']);
    expect(
      (await t.call('ipo/subscribe', { id, lots: '1', request_id: requestId() }, s)).body.msg,
    ).toBe('subscription_not_open');
    expect(await state(s)).toEqual(before);
  });

  it('in live mode an unverified user is refused with kyc_required (paper mode lets anyone apply)', async () => {
    const s = await user();
    const { id, terms } = await createListing();
    openWindow(terms);
    // The same service with the gateway's real deps, only the mode switched (a live gateway
    // cannot start here: it needs a licensed data feed).
    const deps = t.gateway.deps;
    const live = { ...deps, config: { ...deps.config, mode: 'live' as const } };
    const before = await state(s);
    await expect(
      subscribe(live, await userIdOf(s), {
        id: Number(id),
        lots: 1,
        request_id: requestId(),
      }),
    ).rejects.toMatchObject({ msg: 'kyc_required' });
    expect(await state(s)).toEqual(before);
    const paper = await t.call('ipo/subscribe', { id, lots: '1', request_id: requestId() }, s);
    expect(paper.body.msg).toBe('subscribe_ok');
  });
});

import { describe, expect, it } from 'vitest';
import {
  HOUR,
  MINUTE,
  createListing,
  db,
  openWindow,
  requestId,
  setNow,
  state,
  t,
  useIpoGateway,
  user,
  writeDraw,
  writeFreeze,
} from './support/ipo-suite.ts';

// The list frozen and its hash published at the close (DESIGN.md §8 step 2), as the users see it:
// on ipo/list and ipo/detail before the draw, with its time; on ipo/proof after. The freeze itself
// is the workers' step (workers/test/ipo-freeze.int.test.ts); here it is written to the tables.
useIpoGateway();

describe('the frozen list, published before the draw', () => {
  it('ipo/detail and ipo/list carry list_hash, list_frozen_at and the frozen count at the close, the draw still an hour away', async () => {
    const s = await user();
    const { id, terms } = await createListing();
    openWindow(terms);
    const applied = await t.call('ipo/subscribe', { id, lots: '2', request_id: requestId() }, s);
    expect(applied.body.msg).toBe('subscribe_ok');
    const detail = async () => (await t.call('ipo/detail', { id }, s)).body.data;
    expect(await detail()).toMatchObject({ list_hash: null, list_frozen_at: null, applicants: 1 });

    const close = Number(terms['subscribe_end']);
    const hash = await writeFreeze(id, close + 120);
    setNow(close + MINUTE);
    expect(Number(terms['draw_at']) - (close + MINUTE)).toBe(HOUR - MINUTE);
    expect(await detail()).toMatchObject({
      status: 'closed',
      drawn: false,
      list_hash: hash,
      list_frozen_at: close + 120,
      applicants: 1,
      lots_applied: 2,
      allotment_rate: null,
    });
    const closed = (await t.call('ipo/list', { status: 'closed' }, s)).body.data;
    expect(closed).toContainEqual(
      expect.objectContaining({ id, list_hash: hash, list_frozen_at: close + 120 }),
    );
    expect((await t.call('ipo/proof', { id }, s)).body.msg).toBe('allotment_not_drawn');

    setNow(Number(terms['draw_at']));
    await writeDraw(id);
    const proof = (await t.call('ipo/proof', { id }, s)).body.data;
    expect(proof).toMatchObject({ list_hash: hash, list_frozen_at: close + 120 });
  });

  it('a gateway whose clock is still before the close cannot add to a frozen list: subscription_not_open, nothing written', async () => {
    const s = await user();
    const { id, terms } = await createListing();
    openWindow(terms);
    await writeFreeze(id); // frozen early, as seen from a clock behind the worker's
    const before = await state(s);
    const late = await t.call('ipo/subscribe', { id, lots: '1', request_id: requestId() }, s);
    expect([late.http, late.body.msg]).toEqual([200, 'subscription_not_open']);
    expect(await state(s)).toEqual(before);
    const rows = await db()
      .selectFrom('ipo_subscription')
      .select('id')
      .where('listing_id', '=', BigInt(id))
      .execute();
    expect(rows).toEqual([]);
  });
});

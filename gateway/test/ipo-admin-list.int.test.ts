import { describe, expect, it } from 'vitest';
import { reviewer } from './support/funds-helpers.ts';
import { admin, createListing, t, useIpoGateway } from './support/ipo-suite.ts';

// The back office's list of new-share listings (issue 21): every listing with the terms
// `ipo/update` takes back, so the console edits one from what it shows. Any staff role may look.
useIpoGateway();

type AdminListing = Record<string, unknown> & { id: string; names: Record<string, string> };

/** The fields `ipo/update` takes, as the list answers them (the names under `names`). */
function termsOf(row: AdminListing): Record<string, string> {
  const { names, listing_date: listingAt } = row;
  const fields = [
    ...['symbol', 'market', 'board', 'price', 'market_price', 'underwriting_price', 'lot'],
    ...['min_lots', 'max_lots', 'lots_offered', 'issue_volume', 'per', 'lead_underwriter'],
    ...['subscribe_start', 'subscribe_end', 'draw_at', 'pay_deadline', 'beacon_kind'],
  ];
  return {
    ...Object.fromEntries(fields.map((name) => [name, String(row[name])])),
    ...{ name_ja: names['ja'] ?? '', name_en: names['en'] ?? '', name_zh: names['zh'] ?? '' },
    listing_at: String(listingAt),
  };
}

describe('ipo/list (back office)', () => {
  it('lists every listing with the terms it was created with; they go back to ipo/update as they are', async () => {
    const { id, terms } = await createListing();
    const listed = await admin.call('ipo/list');
    expect(listed.body.msg).toBe('ok');
    const row = (listed.body.data as AdminListing[]).find((l) => l.id === id);
    expect(row).toBeDefined();
    expect(termsOf(row as AdminListing)).toEqual({ ...terms, beacon_kind: 'local' });
    expect(row).toMatchObject({ status: 'upcoming', drawn: false, listed: false });

    const again = await admin.call('ipo/update', { ...termsOf(row as AdminListing), id });
    expect(again.body.msg).toBe('modify_ok');
  });

  it('a reviewer may look (the see power) but not create', async () => {
    const looker = await reviewer(t, undefined, 'reviewer');
    expect((await looker.call('ipo/list')).body.msg).toBe('ok');
    expect((await looker.call('ipo/create', {})).body.msg).toBe('role_forbidden');
  });
});

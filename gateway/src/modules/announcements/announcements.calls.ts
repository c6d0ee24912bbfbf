import type { AnnouncementRecord } from '@kabuto/schema/modules/announcements/contracts.ts';
import type { AnnouncementRow } from '@kabuto/schema/modules/announcements/db/announcement.table.ts';
import { listPublishedAnnouncements } from '@kabuto/schema/modules/announcements/db/announcements.repository.ts';
import { announcementsWiring } from '@kabuto/schema/modules/announcements/wiring.ts';
import { contractOf, defineCall, type CallDefinition } from '../../http/call.ts';

function toWire(row: AnnouncementRow): AnnouncementRecord {
  return {
    id: String(row.id),
    market: row.market as AnnouncementRecord['market'],
    title: { ja: row.title_ja, en: row.title_en, zh: row.title_zh },
    body: { ja: row.body_ja, en: row.body_en, zh: row.body_zh },
    published_at: Number(row.published_at),
  };
}

export const announcementListCall = defineCall({
  ...contractOf(announcementsWiring.calls, 'announcement/list'),
  summary:
    'The announcements published so far, newest first, about one market and every market (all when no market is given); msg no_announcements when there are none',
  async handle({ input, deps }) {
    const rows = await listPublishedAnnouncements(deps.db, {
      nowMs: deps.clock.nowMs(),
      market: input.market,
      limit: input.limit ?? 20,
    });
    return { msg: rows.length ? 'ok' : 'no_announcements', data: rows.map(toWire) };
  },
});

export const ANNOUNCEMENT_CALLS: readonly CallDefinition[] = [announcementListCall];

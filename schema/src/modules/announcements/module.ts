import { defineModule, types } from '../define-module.ts';
import type { AnnouncementTables } from './db/announcement.table.ts';

/**
 * Announcements: the house's notices (a holiday, a new market, a maintenance window), read by
 * anyone, newest first. Moves no money: no journal kinds, no holds, no queues.
 */
export const announcementsModule = defineModule({
  name: 'announcements',
  layer: 'product',
  // The list answers this instead of `ok` when there is nothing to show (the screen says so).
  successKeys: ['no_announcements'],
  msgTexts: {
    jp: { no_announcements: 'お知らせはありません' },
    cn: { no_announcements: '暂无公告' },
    us: { no_announcements: 'No announcements' },
  },
  types: types<{ tables: AnnouncementTables }>(),
});

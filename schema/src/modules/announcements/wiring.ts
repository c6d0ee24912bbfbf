import type { CallContract } from '../../contracts/http/answers.ts';
import { defineWiring } from '../define-wiring.ts';
import { announcementListRequest, announcementListResponse } from './contracts.ts';
import * as announcements from './db/migrations/2026_11_26_220000_announcements.ts';

export const announcementsWiring = defineWiring({
  name: 'announcements',
  calls: {
    'announcement/list': { input: announcementListRequest, output: announcementListResponse },
  } satisfies Record<string, CallContract>,
  migrations: { '2026_11_26_220000_announcements': announcements },
});

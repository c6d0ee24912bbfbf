import type { Selectable } from 'kysely';
import type { Id, Int } from '../../../db/column-types.ts';

/**
 * One announcement, its title and body in the three languages; `market` is the market it is about
 * (JP, US, CN), null for all. Shown from `published_at` on, never before.
 */
export interface AnnouncementTable {
  id: Id;
  market: string | null;
  title_ja: string;
  title_en: string;
  title_zh: string;
  body_ja: string;
  body_en: string;
  body_zh: string;
  published_at: Int;
  created_at: Int;
}

export interface AnnouncementTables {
  announcement: AnnouncementTable;
}

export type AnnouncementRow = Selectable<AnnouncementTable>;

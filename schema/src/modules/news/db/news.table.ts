import type { Selectable } from 'kysely';
import type { Id, Int } from '../../../db/column-types.ts';

/**
 * One article in the three languages, tied to the symbols it is about (space-separated, each
 * padded with spaces so `like '% 7203 %'` finds one), shown from `published_at` while published.
 * `demo` marks the seeded articles, which say they are demo content.
 */
export interface NewsArticleTable {
  id: Id;
  title_ja: string;
  title_en: string;
  title_zh: string;
  body_ja: string;
  body_en: string;
  body_zh: string;
  symbols: string;
  image_url: string | null;
  demo: Int;
  /** Null until published; set back to null by unpublishing. */
  published_at: Int | null;
  created_by: Int | null;
  created_at: Int;
  /** An imported article's link at its source (http or https only); null when written here. */
  source_url: string | null;
  /** An imported article's key at its source, unique: a second import of it adds nothing. */
  source_guid: string | null;
}

export type NewsArticleRow = Selectable<NewsArticleTable>;

export interface NewsTables {
  news_article: NewsArticleTable;
}

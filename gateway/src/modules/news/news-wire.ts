import type { NewsRecord } from '@kabuto/schema/modules/news/contracts.ts';
import type { NewsArticleRow } from '@kabuto/schema/modules/news/db/news.table.ts';
import { symbolsOf } from '@kabuto/schema/modules/news/db/news.repository.ts';

const SUMMARY_CHARS = 120;

/** The first paragraph of a body, cut at SUMMARY_CHARS with an ellipsis. */
function summaryOf(body: string): string {
  // By whole characters (code points): a cut never splits an emoji's surrogate pair.
  const first = [...(body.split('\n')[0] ?? '')];
  return first.length > SUMMARY_CHARS
    ? `${first.slice(0, SUMMARY_CHARS - 1).join('')}…`
    : first.join('');
}

/** An article as the list shows it: titles and summaries in the three languages. */
export function newsToWire(row: NewsArticleRow): Omit<NewsRecord, 'published_at'> & {
  published_at: number | null;
} {
  return {
    id: String(row.id),
    title: { ja: row.title_ja, en: row.title_en, zh: row.title_zh },
    summary: {
      ja: summaryOf(row.body_ja),
      en: summaryOf(row.body_en),
      zh: summaryOf(row.body_zh),
    },
    symbols: symbolsOf(row.symbols),
    image_url: row.image_url,
    demo: row.demo === 1n,
    published_at: row.published_at === null ? null : Number(row.published_at),
  };
}

export const bodyOf = (row: NewsArticleRow) => ({
  ja: row.body_ja,
  en: row.body_en,
  zh: row.body_zh,
});

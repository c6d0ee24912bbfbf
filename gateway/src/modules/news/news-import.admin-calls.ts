import { Refusal } from '@kabuto/schema/contracts';
import { writeTransaction } from '@kabuto/schema/db';
import { NEWS_FEED_MAX_BYTES } from '@kabuto/schema/modules/news/contracts.ts';
import {
  addImportedDrafts,
  type ImportedDraft,
} from '@kabuto/schema/modules/news/db/news.repository.ts';
import { newsWiring } from '@kabuto/schema/modules/news/wiring.ts';
import { contractOf, defineAdminCall } from '../../http/call.ts';
import { audit } from '../admin/public.ts';
import { refuseUnknownSymbols } from './news.admin-calls.ts';
import { decodeFeed, FeedError, parseFeed, type FeedItem } from './news-feed.ts';

/** The article's column language for the app's language code. */
const COLUMN_OF = { jp: 'ja', cn: 'zh', us: 'en' } as const;

/** The file's items, or `invalid_param` saying why it is not a feed we read. */
function readFeed(file: Buffer | undefined): FeedItem[] {
  if (!file) throw new Refusal('invalid_param', { fields: { feed: 'required' } });
  if (file.length > NEWS_FEED_MAX_BYTES) {
    throw new Refusal('invalid_param', { fields: { feed: 'too_big' } });
  }
  try {
    return parseFeed(decodeFeed(file));
  } catch (error) {
    if (error instanceof FeedError) {
      throw new Refusal('invalid_param', { fields: { feed: error.message } });
    }
    throw error;
  }
}

/** An item as a draft in one language; the other two stay empty until someone translates it. */
function draftOf(
  item: FeedItem,
  at: { language: 'ja' | 'en' | 'zh'; symbols: readonly string[]; adminId: number; nowMs: number },
): ImportedDraft {
  const only = (text: string) => ({ ja: '', en: '', zh: '', [at.language]: text });
  return {
    title: only(item.title),
    body: only(item.body),
    symbols: at.symbols,
    sourceUrl: item.link,
    sourceGuid: item.key,
    createdBy: at.adminId,
    // The item's own date when readable, never later than now.
    createdAtMs: Math.min(item.dateMs ?? at.nowMs, at.nowMs),
  };
}

export const newsImportCall = defineAdminCall({
  ...contractOf(newsWiring.adminCalls, 'news/import'),
  power: 'news',
  summary:
    'Imports an RSS 2.0 or Atom file (multipart `feed`, up to 1 MB) as drafts in its language; items imported before are skipped',
  files: ['feed'],
  async handle({ input, admin, deps, files }) {
    const symbols = input.symbols ?? [];
    refuseUnknownSymbols(symbols);
    const items = readFeed(files['feed']);
    const nowMs = deps.clock.nowMs();
    const language = COLUMN_OF[input.lang];
    const drafts = items.map((item) =>
      draftOf(item, { language, symbols, adminId: admin.adminId, nowMs }),
    );
    const imported = await writeTransaction(deps.db, async (trx) => {
      const written = await addImportedDrafts(trx, drafts);
      await audit(trx, {
        adminId: admin.adminId,
        action: 'news.import',
        subject: 'news',
        detail: { lang: input.lang, symbols, items: items.length, imported: written },
        nowMs,
      });
      return written;
    });
    return { msg: 'ok', data: { imported, skipped: items.length - imported } };
  },
});

import { Refusal } from '@kabuto/schema/contracts';
import { findInstrument } from '@kabuto/schema/market';
import { writeTransaction, type Db } from '@kabuto/schema/db';
import { listAllNews, storedSymbols } from '@kabuto/schema/modules/news/db/news.repository.ts';
import { newsWiring } from '@kabuto/schema/modules/news/wiring.ts';
import {
  contractOf,
  defineAdminCall,
  type AdminCaller,
  type CallDefinition,
} from '../../http/call.ts';
import { audit } from '../admin/public.ts';
import { newsToWire } from './news-wire.ts';

const calls = newsWiring.adminCalls;

interface Written {
  title_ja: string;
  title_en: string;
  title_zh: string;
  body_ja: string;
  body_en: string;
  body_zh: string;
  symbols: string[];
  image_url?: string | undefined;
}

/** An article may name only stocks the app can open (the catalogue and listed new shares). */
export function refuseUnknownSymbols(symbols: readonly string[]): void {
  const unknown = symbols.filter((symbol) => !findInstrument(symbol));
  if (unknown.length) {
    throw new Refusal('invalid_param', { fields: { symbols: `unknown: ${unknown.join(' ')}` } });
  }
}

const TEXT_COLUMNS = ['title_ja', 'title_en', 'title_zh', 'body_ja', 'body_en', 'body_zh'] as const;

/**
 * Readers see an article in their own language, so it is published only with all three (an
 * imported draft has its feed's language only until someone translates it with news/update).
 */
function refuseUntranslated(row: Record<(typeof TEXT_COLUMNS)[number], string>): void {
  const missing = TEXT_COLUMNS.filter((column) => !row[column].trim());
  if (missing.length) {
    throw new Refusal('invalid_param', {
      fields: Object.fromEntries(missing.map((column) => [column, 'required'])),
    });
  }
}

const columnsOf = (input: Written) => ({
  title_ja: input.title_ja,
  title_en: input.title_en,
  title_zh: input.title_zh,
  body_ja: input.body_ja,
  body_en: input.body_en,
  body_zh: input.body_zh,
  symbols: storedSymbols(input.symbols),
  image_url: input.image_url ?? null,
});

/** Changes one article and audits it in one transaction; `not_found` when there is no such article. */
async function changeArticle(
  db: Db,
  change: { id: number; admin: AdminCaller; action: string; nowMs: number },
  set: Record<string, unknown>,
): Promise<void> {
  await writeTransaction(db, async (trx) => {
    const updated = await trx
      .updateTable('news_article')
      .set(set)
      .where('id', '=', BigInt(change.id))
      .executeTakeFirst();
    if (updated.numUpdatedRows !== 1n) throw new Refusal('not_found');
    await audit(trx, {
      adminId: change.admin.adminId,
      action: change.action,
      subject: `news:${change.id}`,
      detail: {},
      nowMs: change.nowMs,
    });
  });
}

export const newsAllCall = defineAdminCall({
  ...contractOf(calls, 'news/all'),
  power: 'news',
  summary: 'Every article, drafts too, newest first',
  async handle({ deps }) {
    return { msg: 'ok', data: (await listAllNews(deps.db)).map(newsToWire) };
  },
});

export const newsCreateCall = defineAdminCall({
  ...contractOf(calls, 'news/create'),
  power: 'news',
  summary: 'Writes a draft article in the three languages, tied to symbols',
  async handle({ input, admin, deps }) {
    refuseUnknownSymbols(input.symbols);
    const nowMs = deps.clock.nowMs();
    const id = await writeTransaction(deps.db, async (trx) => {
      const row = await trx
        .insertInto('news_article')
        .values({
          ...columnsOf(input),
          demo: 0,
          published_at: null,
          created_by: BigInt(admin.adminId),
          created_at: nowMs,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await audit(trx, {
        adminId: admin.adminId,
        action: 'news.create',
        subject: `news:${row.id}`,
        detail: { symbols: input.symbols },
        nowMs,
      });
      return row.id;
    });
    return { msg: 'add_ok', data: { id: String(id) } };
  },
});

export const newsUpdateCall = defineAdminCall({
  ...contractOf(calls, 'news/update'),
  power: 'news',
  summary: 'Edits an article (published or not)',
  async handle({ input, admin, deps }) {
    refuseUnknownSymbols(input.symbols);
    const nowMs = deps.clock.nowMs();
    await changeArticle(
      deps.db,
      { id: input.id, admin, action: 'news.update', nowMs },
      columnsOf(input),
    );
    return { msg: 'modify_ok' };
  },
});

export const newsPublishCall = defineAdminCall({
  ...contractOf(calls, 'news/publish'),
  power: 'news',
  summary: 'Publishes an article now',
  async handle({ input, admin, deps }) {
    const nowMs = deps.clock.nowMs();
    // Publishing a published article keeps its date (it does not jump to the top again).
    const current = await deps.db
      .selectFrom('news_article')
      .select(['published_at', ...TEXT_COLUMNS])
      .where('id', '=', BigInt(input.id))
      .executeTakeFirst();
    if (current && current.published_at !== null) return { msg: 'modify_ok' };
    if (current) refuseUntranslated(current);
    await changeArticle(
      deps.db,
      { id: input.id, admin, action: 'news.publish', nowMs },
      { published_at: nowMs },
    );
    return { msg: 'modify_ok' };
  },
});

export const newsUnpublishCall = defineAdminCall({
  ...contractOf(calls, 'news/unpublish'),
  power: 'news',
  summary: 'Takes an article down (it becomes a draft again)',
  async handle({ input, admin, deps }) {
    const nowMs = deps.clock.nowMs();
    await changeArticle(
      deps.db,
      { id: input.id, admin, action: 'news.unpublish', nowMs },
      {
        published_at: null,
      },
    );
    return { msg: 'modify_ok' };
  },
});

export const NEWS_ADMIN_CALLS: readonly CallDefinition[] = [
  newsAllCall,
  newsCreateCall,
  newsUpdateCall,
  newsPublishCall,
  newsUnpublishCall,
];

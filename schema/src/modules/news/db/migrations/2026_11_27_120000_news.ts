import type { Kysely } from 'kysely';
import { idColumnType } from '../../../../db/dialect.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** News articles, read newest first, by symbol. */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('news_article')
    .addColumn('id', idColumnType(db), (c) => c.primaryKey())
    .addColumn('title_ja', 'text', (c) => c.notNull())
    .addColumn('title_en', 'text', (c) => c.notNull())
    .addColumn('title_zh', 'text', (c) => c.notNull())
    .addColumn('body_ja', 'text', (c) => c.notNull())
    .addColumn('body_en', 'text', (c) => c.notNull())
    .addColumn('body_zh', 'text', (c) => c.notNull())
    .addColumn('symbols', 'text', (c) => c.notNull())
    .addColumn('image_url', 'text')
    .addColumn('demo', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('published_at', 'bigint')
    .addColumn('created_by', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('news_article_published')
    .on('news_article')
    .columns(['published_at', 'id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('news_article').execute();
}

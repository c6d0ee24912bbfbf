import { sql, type Kysely } from 'kysely';
import { idColumnType } from '../../../../db/dialect.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** The announcements, read newest first by market (null: every market). */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('announcement')
    .addColumn('id', idColumnType(db), (c) => c.primaryKey())
    .addColumn('market', 'text')
    .addColumn('title_ja', 'text', (c) => c.notNull())
    .addColumn('title_en', 'text', (c) => c.notNull())
    .addColumn('title_zh', 'text', (c) => c.notNull())
    .addColumn('body_ja', 'text', (c) => c.notNull())
    .addColumn('body_en', 'text', (c) => c.notNull())
    .addColumn('body_zh', 'text', (c) => c.notNull())
    .addColumn('published_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('announcement_market', sql`market is null or market in ('JP', 'US', 'CN')`)
    .execute();
  await db.schema
    .createIndex('announcement_published')
    .on('announcement')
    .columns(['published_at', 'id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('announcement').execute();
}

import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Where an imported article came from (RSS/Atom, `news/import`): the item's link and its key (the
 * item's guid or id, qualified by the feed when it is not a URI). The key is unique, so importing
 * the same feed twice adds nothing; articles written in the back office have neither (nulls never
 * collide in a unique index, on either dialect).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('news_article').addColumn('source_url', 'text').execute();
  await db.schema.alterTable('news_article').addColumn('source_guid', 'text').execute();
  await db.schema
    .createIndex('news_article_source_guid')
    .on('news_article')
    .column('source_guid')
    .unique()
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('news_article_source_guid').execute();
  await db.schema.alterTable('news_article').dropColumn('source_guid').execute();
  await db.schema.alterTable('news_article').dropColumn('source_url').execute();
}

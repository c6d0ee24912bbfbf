import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';

// I9 (gapless, monotonic journal order) moves from journal.id to journal.seq. On PostgreSQL the id
// now comes from a plain sequence, and the journal sequencer numbers committed journals after
// their commit: the counter row no longer sits locked inside every money-moving transaction
// (ARCHITECTURE decision 32). On SQLite the single writer numbers inline, so seq equals id.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('journal').addColumn('seq', 'bigint').execute();
  await sql`update journal set seq = id`.execute(db);
  await db.schema.createIndex('journal_seq').unique().on('journal').column('seq').execute();
  await db.schema
    .createIndex('journal_unsequenced')
    .on('journal')
    .column('id')
    .where(sql.ref('seq'), 'is', null)
    .execute();
  if (dialectOf(db) === 'postgres') {
    await sql`create sequence journal_id_seq owned by journal.id`.execute(db);
    await sql`select setval('journal_id_seq', coalesce((select max(id) from journal), 0) + 1, false)`.execute(
      db,
    );
    await sql`alter table journal alter column id set default nextval('journal_id_seq')`.execute(
      db,
    );
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`alter table journal alter column id drop default`.execute(db);
    await sql`drop sequence journal_id_seq`.execute(db);
  }
  await db.schema.dropIndex('journal_unsequenced').execute();
  await db.schema.dropIndex('journal_seq').execute();
  await db.schema.alterTable('journal').dropColumn('seq').execute();
}

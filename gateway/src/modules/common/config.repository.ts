import type { Db } from '@kabuto/schema/db';

export async function listConfig(db: Db): Promise<Array<{ name: string; value: string }>> {
  return db.selectFrom('config_entry').select(['name', 'value']).orderBy('name').execute();
}

export async function configValue(db: Db, name: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('config_entry')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.value;
}

/** Sets one entry (an empty value removes it); the next call that reads it sees the change. */
export async function setConfigValue(db: Db, name: string, value: string): Promise<void> {
  if (value === '') {
    await db.deleteFrom('config_entry').where('name', '=', name).execute();
    return;
  }
  await db
    .insertInto('config_entry')
    .values({ name, value })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value }))
    .execute();
}

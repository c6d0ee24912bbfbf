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

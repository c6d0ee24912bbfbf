import { expect } from 'vitest';
import type { Db } from '@kabuto/schema/db';
import type { Session, TestGateway } from './test-gateway.ts';

/**
 * What a test reads back to check what a user would notice: a user's id and balances, row counts,
 * and a snapshot of everything a refusal must leave alone (tables' rows, balances, events).
 */
export async function userIdOf(db: Db, s: Session): Promise<number> {
  const row = await db
    .selectFrom('app_user')
    .select('id')
    .where('account', '=', s.account)
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function balanceOf(
  db: Db,
  s: Session,
  kind: string,
  currency: string,
): Promise<bigint> {
  const row = await db
    .selectFrom('ledger_account')
    .select('balance')
    .where('owner_key', '=', `u:${await userIdOf(db, s)}`)
    .where('kind', '=', kind)
    .where('currency', '=', currency)
    .executeTakeFirst();
  return row?.balance ?? 0n;
}

export async function platformBalance(db: Db, kind: string, currency: string): Promise<bigint> {
  const row = await db
    .selectFrom('ledger_account')
    .select('balance')
    .where('kind', '=', kind)
    .where('currency', '=', currency)
    .where('owner_key', '=', 'platform')
    .executeTakeFirst();
  return row?.balance ?? 0n;
}

export async function rowCount(db: Db, table: string): Promise<number> {
  const row = await db
    .selectFrom(table as 'journal')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Every row of `tables`, every balance and the account events' count: equal before and after a
 * refusal. Journals by id, kind and reference (PostgreSQL stamps a journal's `seq` after commit).
 */
export async function snapshot(db: Db, tables: readonly string[]) {
  const rows = await Promise.all(
    tables.map((table) =>
      table === 'journal'
        ? db.selectFrom('journal').select(['id', 'kind', 'reference']).orderBy('id').execute()
        : db
            .selectFrom(table as 'journal')
            .selectAll()
            .execute(),
    ),
  );
  const balances = await db
    .selectFrom('ledger_account')
    .select(['owner_key', 'kind', 'currency', 'balance'])
    .orderBy('id')
    .execute();
  const events = await db
    .selectFrom('account_event_seq')
    .select((eb) => eb.fn.sum<string | number | bigint>('last_seq').as('n'))
    .executeTakeFirstOrThrow();
  return { rows, balances, events: Number(events.n ?? 0) };
}

/** Grants a paper balance of `amount` major units of `currency` (jpy, usd, cny) to `s`. */
export async function grantPaper(
  t: TestGateway,
  s: Session,
  currency: 'jpy' | 'usd' | 'cny',
  amount: string,
  requestId: string,
): Promise<void> {
  const db = t.testDb.db;
  const name = `paper_grant_${currency}`;
  await db.deleteFrom('config_entry').where('name', '=', name).execute();
  await db.insertInto('config_entry').values({ name, value: amount }).execute();
  const granted = await t.call('user/paperfund', { currency, request_id: requestId }, s);
  expect(granted.body.msg).toBe('claim_ok');
}

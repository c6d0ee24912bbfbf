import { sql, type Kysely } from 'kysely';
import { idColumnType } from './2026_11_21_090000_create_accounts.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;
type IdType = ReturnType<typeof idColumnType>;

/**
 * Money in and out: uploads, real-name (KYC) submissions, bank cards, deposit channels, deposits,
 * withdrawals, the inbox, admin sessions and the append-only audit log. Amounts are minor units of
 * `currency`; every balance change they cause is a journal (journal_id).
 */
export async function up(db: AnyDb): Promise<void> {
  const id = idColumnType(db);
  await createUploadsAndKyc(db, id);
  await createBankCards(db, id);
  await createDeposits(db, id);
  await createWithdrawals(db, id);
  await createInboxAndSecurity(db, id);
  await createBackOffice(db, id);
}

async function createUploadsAndKyc(db: AnyDb, id: IdType): Promise<void> {
  await db.schema
    .createTable('upload')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('stored_name', 'text', (c) => c.notNull().unique())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addColumn('width', 'bigint', (c) => c.notNull())
    .addColumn('height', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('upload_user').on('upload').column('user_id').execute();
  await db.schema
    .createTable('kyc_submission')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('name_kanji', 'text', (c) => c.notNull())
    .addColumn('name_kana', 'text', (c) => c.notNull())
    .addColumn('id_number', 'text', (c) => c.notNull())
    .addColumn('document_type', 'text', (c) => c.notNull())
    .addColumn('front_upload_id', 'bigint', (c) => c.notNull().references('upload.id'))
    .addColumn('back_upload_id', 'bigint', (c) => c.notNull().references('upload.id'))
    .addColumn('consent_at', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('reviewed_by', 'bigint')
    .addColumn('reviewed_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('kyc_submission_status', sql`status in ('pending', 'approved', 'rejected')`)
    .execute();
  await db.schema
    .createIndex('kyc_submission_user')
    .on('kyc_submission')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('kyc_submission_one_open')
    .on('kyc_submission')
    .column('user_id')
    .unique()
    .where(sql.ref('status'), 'in', ['pending', 'approved'])
    .execute();
}

async function createBankCards(db: AnyDb, id: IdType): Promise<void> {
  await db.schema
    .createTable('bank_card')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('holder_kana', 'text', (c) => c.notNull())
    .addColumn('bank_name', 'text', (c) => c.notNull())
    .addColumn('branch_name', 'text', (c) => c.notNull())
    .addColumn('branch_code', 'text', (c) => c.notNull())
    .addColumn('card_type', 'text', (c) => c.notNull())
    .addColumn('account_number', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('removed_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('bank_card_one_live')
    .on('bank_card')
    .columns(['user_id', 'bank_name', 'branch_code', 'account_number'])
    .unique()
    .where(sql.ref('removed_at'), 'is', null)
    .execute();
}

async function createDeposits(db: AnyDb, id: IdType): Promise<void> {
  await db.schema
    .createTable('deposit_channel')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('bank_name', 'text', (c) => c.notNull())
    .addColumn('branch_name', 'text', (c) => c.notNull())
    .addColumn('account_name', 'text', (c) => c.notNull())
    .addColumn('account_number', 'text', (c) => c.notNull())
    .addColumn('max_single', 'bigint', (c) => c.notNull())
    .addColumn('active', 'bigint', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('deposit')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('channel_id', 'bigint', (c) => c.notNull().references('deposit_channel.id'))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('transfer_reference', 'text', (c) => c.notNull())
    .addColumn('proof_upload_id', 'bigint', (c) => c.notNull().references('upload.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('journal_id', 'bigint')
    .addColumn('reviewed_by', 'bigint')
    .addColumn('reviewed_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('deposit_status', sql`status in ('pending', 'approved', 'rejected')`)
    .addCheckConstraint('deposit_positive', sql`amount > 0`)
    .execute();
  await db.schema.createIndex('deposit_user').on('deposit').columns(['user_id', 'id']).execute();
  await db.schema
    .createIndex('deposit_one_pending')
    .on('deposit')
    .column('user_id')
    .unique()
    .where(sql.ref('status'), '=', 'pending')
    .execute();
}

async function createWithdrawals(db: AnyDb, id: IdType): Promise<void> {
  await db.schema
    .createTable('withdrawal')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('card_id', 'bigint', (c) => c.notNull().references('bank_card.id'))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('hold_journal_id', 'bigint', (c) => c.notNull())
    .addColumn('settle_journal_id', 'bigint')
    .addColumn('reviewed_by', 'bigint')
    .addColumn('reviewed_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('withdrawal_status', sql`status in ('pending', 'paid', 'rejected')`)
    .addCheckConstraint('withdrawal_positive', sql`amount > 0`)
    .execute();
  await db.schema
    .createIndex('withdrawal_user')
    .on('withdrawal')
    .columns(['user_id', 'id'])
    .execute();
}

async function createInboxAndSecurity(db: AnyDb, id: IdType): Promise<void> {
  await db.schema
    .createTable('inbox_message')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('read_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('inbox_message_user')
    .on('inbox_message')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createTable('user_security')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('app_user.id'))
    .addColumn('channel_password_hash', 'text')
    .addColumn('transfer_reference', 'text', (c) => c.notNull().unique())
    .addColumn('anti_phishing_phrase', 'text')
    .addColumn('totp_secret', 'text')
    .addColumn('totp_enabled_at', 'bigint')
    .addColumn('totp_last_step', 'bigint')
    .execute();
}

async function createBackOffice(db: AnyDb, id: IdType): Promise<void> {
  await db.schema
    .createTable('admin_session')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('admin_id', 'bigint', (c) => c.notNull().references('admin_user.id'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema
    .createTable('audit_log')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('admin_id', 'bigint', (c) => c.notNull().references('admin_user.id'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'audit_log',
    'admin_session',
    'user_security',
    'inbox_message',
    'withdrawal',
    'deposit',
    'deposit_channel',
    'bank_card',
    'kyc_submission',
    'upload',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}

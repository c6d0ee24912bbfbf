import { Refusal } from '@kabuto/schema/contracts';
import { isUniqueViolation, writeTransaction, type Db } from '@kabuto/schema/db';
import { OPEN_WITHDRAWAL_STATUSES } from '@kabuto/schema/domain';
import {
  isKatakanaName,
  maskAccountNumber,
  normaliseKanaName,
  sameKanaName,
} from '@kabuto/schema/funds';
import type { GatewayDeps } from '../../infra/deps.ts';
import { kycOf } from '../kyc/public.ts';

export interface CardFields {
  readonly holder_kana: string;
  readonly bank_name: string;
  readonly branch_name: string;
  readonly branch_code: string;
  readonly card_type: 'ordinary' | 'current';
  readonly account_number: string;
}

export interface CardView extends CardFields {
  readonly card_id: string;
  /** The account number with all but the last three digits hidden, for lists. */
  readonly masked_number: string;
}

/** A card may be added only by a verified user, in the verified name (DESIGN.md section 6). */
async function checkHolder(db: Db, userId: number, holderKana: string): Promise<string> {
  const kyc = await kycOf(db, userId);
  if (kyc.state !== 'verified' || !kyc.nameKana) {
    throw new Refusal(
      kyc.state === 'failed'
        ? 'kyc_rejected'
        : kyc.state === 'pending'
          ? 'kyc_pending'
          : 'kyc_required',
    );
  }
  if (!isKatakanaName(holderKana)) {
    throw new Refusal('invalid_param', { fields: { holder_kana: 'katakana' } });
  }
  if (!sameKanaName(holderKana, kyc.nameKana)) throw new Refusal('card_name_mismatch');
  return normaliseKanaName(holderKana);
}

async function refuseDuplicate(
  db: Db,
  userId: number,
  fields: CardFields,
  exceptId?: number,
): Promise<void> {
  let query = db
    .selectFrom('bank_card')
    .select('id')
    .where('user_id', '=', BigInt(userId))
    .where('bank_name', '=', fields.bank_name)
    .where('branch_code', '=', fields.branch_code)
    .where('account_number', '=', fields.account_number)
    .where('removed_at', 'is', null);
  if (exceptId !== undefined) query = query.where('id', '!=', BigInt(exceptId));
  if (await query.executeTakeFirst()) throw new Refusal('card_exists');
}

export async function addCard(
  deps: GatewayDeps,
  userId: number,
  fields: CardFields,
): Promise<{ card_id: string }> {
  const holder = await checkHolder(deps.db, userId, fields.holder_kana);
  await refuseDuplicate(deps.db, userId, fields);
  const nowMs = deps.clock.nowMs();
  try {
    const row = await deps.db
      .insertInto('bank_card')
      .values({
        user_id: BigInt(userId),
        ...fields,
        holder_kana: holder,
        created_at: nowMs,
        updated_at: nowMs,
        removed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { card_id: String(row.id) };
  } catch (error) {
    if (isUniqueViolation(error)) throw new Refusal('card_exists');
    throw error;
  }
}

/**
 * A card an open withdrawal (pending, approved or sending) pays to keeps the details the reviewer
 * saw until the bank has answered: the payout reads the card when it sends. Checked under the
 * user lock, as a withdrawal request is.
 */
async function refuseWhileWithdrawingTo(db: Db, cardId: number): Promise<void> {
  const open = await db
    .selectFrom('withdrawal')
    .select('id')
    .where('card_id', '=', BigInt(cardId))
    .where('status', 'in', OPEN_WITHDRAWAL_STATUSES)
    .executeTakeFirst();
  if (open) throw new Refusal('fund_operation_busy');
}

export async function editCard(
  deps: GatewayDeps,
  userId: number,
  cardId: number,
  fields: CardFields,
): Promise<void> {
  await findOwnCard(deps.db, userId, cardId);
  const holder = await checkHolder(deps.db, userId, fields.holder_kana);
  await refuseDuplicate(deps.db, userId, fields, cardId);
  try {
    await writeTransaction(
      deps.db,
      async (trx) => {
        await refuseWhileWithdrawingTo(trx, cardId);
        await trx
          .updateTable('bank_card')
          .set({ ...fields, holder_kana: holder, updated_at: deps.clock.nowMs() })
          .where('id', '=', BigInt(cardId))
          .where('user_id', '=', BigInt(userId))
          .where('removed_at', 'is', null)
          .execute();
      },
      { lockUser: userId },
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw new Refusal('card_exists');
    throw error;
  }
}

export async function unbindCard(deps: GatewayDeps, userId: number, cardId: number): Promise<void> {
  const result = await deps.db
    .updateTable('bank_card')
    .set({ removed_at: deps.clock.nowMs() })
    .where('id', '=', BigInt(cardId))
    .where('user_id', '=', BigInt(userId))
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  if (result.numUpdatedRows !== 1n) throw new Refusal('card_not_found');
}

/** One of the caller's live cards; anyone else's (or a removed one) is card_not_found. */
export async function findOwnCard(db: Db, userId: number, cardId: number): Promise<CardView> {
  const cards = await listCards(db, userId);
  const card = cards.find((c) => c.card_id === String(cardId));
  if (!card) throw new Refusal('card_not_found');
  return card;
}

export async function listCards(db: Db, userId: number): Promise<CardView[]> {
  const rows = await db
    .selectFrom('bank_card')
    .select([
      'id',
      'holder_kana',
      'bank_name',
      'branch_name',
      'branch_code',
      'card_type',
      'account_number',
    ])
    .where('user_id', '=', BigInt(userId))
    .where('removed_at', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    card_id: String(r.id),
    holder_kana: r.holder_kana,
    bank_name: r.bank_name,
    branch_name: r.branch_name,
    branch_code: r.branch_code,
    card_type: r.card_type as CardFields['card_type'],
    account_number: r.account_number,
    masked_number: maskAccountNumber(r.account_number),
  }));
}

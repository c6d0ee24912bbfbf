import { Refusal, toWire } from '@kabuto/schema/contracts';
import {
  currencyFromDisplay,
  journalMemo,
  parseMajor,
  platformAccount,
  transfer,
  userAccount,
  type Currency,
  type DisplayCurrency,
} from '@kabuto/schema/domain';
import { hashRequest, postJournal, runIdempotent, writeTransaction, type Db } from '@kabuto/schema/db';
import type { GatewayDeps } from '../../deps.ts';
import { configValue } from '../common/config.repository.ts';
import { lockUser } from '../auth/users.repository.ts';

/** Default virtual grants; the operator may set `paper_grant_<currency>` in config. */
const DEFAULT_GRANT_MAJOR: Record<string, string> = { JPY: '10000000', USD: '70000', CNY: '500000' };
export const PAPER_GRANT_INTERVAL_MS = 24 * 60 * 60 * 1000;

async function grantAmountMinor(db: Db, currency: Currency): Promise<bigint> {
  const configured = await configValue(db, `paper_grant_${currency.toLowerCase()}`);
  return parseMajor(configured ?? DEFAULT_GRANT_MAJOR[currency] ?? '0', currency).amountMinor;
}

async function claimedRecently(trx: Db, userId: number, currency: Currency, nowMs: number): Promise<boolean> {
  const row = await trx
    .selectFrom('journal')
    .select('id')
    .where('user_id', '=', BigInt(userId))
    .where('kind', '=', 'paper_grant')
    .where('reference', '=', `paper:${currency}`)
    .where('created_at', '>', BigInt(nowMs - PAPER_GRANT_INTERVAL_MS))
    .executeTakeFirst();
  return Boolean(row);
}

export interface PaperGrantResult {
  journal_id: string;
  currency: Currency;
  amount: string;
}

/** Credits the paper-mode grant as one visible ledger transaction; once a day per currency. */
export async function claimPaperFund(
  deps: GatewayDeps,
  options: { userId: number; display: DisplayCurrency; requestId: string },
): Promise<{ result: PaperGrantResult; replayed: boolean }> {
  if (deps.config.mode !== 'paper') throw new Refusal('paper_mode_only');
  const currency = currencyFromDisplay(options.display);
  const amountMinor = await grantAmountMinor(deps.db, currency);
  const nowMs = deps.clock.nowMs();
  const requestHash = hashRequest({ call: 'user/paperfund', currency });
  return writeTransaction(deps.db, async (trx) => {
    await lockUser(trx, options.userId);
    return runIdempotent(trx, { userId: options.userId, requestId: options.requestId, requestHash, nowMs }, async () => {
      if (await claimedRecently(trx, options.userId, currency, nowMs)) throw new Refusal('too_frequent');
      const journalId = await postJournal(
        trx,
        {
          kind: 'paper_grant',
          ...journalMemo('paper_grant'),
          actor: { type: 'user', id: options.userId },
          reference: `paper:${currency}`,
          postings: transfer({
            from: platformAccount('platform:paper_grant', currency),
            to: userAccount(options.userId, 'cash', currency),
            amountMinor,
          }),
        },
        nowMs,
      );
      return { journal_id: String(journalId), currency, amount: toWire({ currency, amountMinor }) };
    });
  });
}

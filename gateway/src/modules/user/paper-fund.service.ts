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
import {
  hashRequest,
  postJournal,
  runIdempotent,
  writeTransaction,
  type Db,
} from '@kabuto/schema/db';
import type { GatewayDeps } from '../../infra/deps.ts';
import { announceInTransaction } from '../common/public.ts';
import { configValue } from '../common/public.ts';
import { lastGrantSince } from './paper-grants.repository.ts';

/** Default virtual grants; the operator may set `paper_grant_<currency>` in config. */
const DEFAULT_GRANT_MAJOR: Record<string, string> = {
  JPY: '10000000',
  USD: '70000',
  CNY: '500000',
};
export const PAPER_GRANT_INTERVAL_MS = 24 * 60 * 60 * 1000;

async function grantAmountMinor(db: Db, currency: Currency): Promise<bigint> {
  const configured = await configValue(db, `paper_grant_${currency.toLowerCase()}`);
  return parseMajor(configured ?? DEFAULT_GRANT_MAJOR[currency] ?? '0', currency).amountMinor;
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
  return writeTransaction(
    deps.db,
    async (trx) => {
      return runIdempotent(
        trx,
        { userId: options.userId, requestId: options.requestId, requestHash, nowMs },
        async () => {
          const lastAt = await lastGrantSince(
            trx,
            options.userId,
            currency,
            nowMs - PAPER_GRANT_INTERVAL_MS,
          );
          // Says when the next claim opens (not a rate limit: the user can plan for it).
          if (lastAt !== null) {
            throw new Refusal('grant_not_yet', {
              currency,
              next_claim_at: lastAt + PAPER_GRANT_INTERVAL_MS,
            });
          }
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
          const grant = {
            journal_id: String(journalId),
            currency,
            amount: toWire({ currency, amountMinor }),
          };
          const payload = { kind: 'paper_grant' as const, ...grant };
          const change = { userId: options.userId, event: 'fund:updated' as const, payload };
          await announceInTransaction(deps, trx, change, 'paper_grant');
          return grant;
        },
      );
    },
    { lockUser: options.userId },
  );
}

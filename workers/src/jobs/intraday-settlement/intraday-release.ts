import { orderUpdated } from '@kabuto/schema/contracts';
import {
  advance,
  insertInboxMessage,
  writeTransaction,
  type IntradayApplicationRow,
  type WriteTrx,
} from '@kabuto/schema/db';
import { formatScaled, scaleOf, type Currency } from '@kabuto/schema/domain';
import {
  applicationPnl,
  forcedCloseFee,
  forcedCloseFeePostings,
  intradayReleasePostings,
} from '@kabuto/schema/intraday';
import type { Market } from '@kabuto/schema/market';
import { closedCountOfApplication } from '@kabuto/schema/modules/trading';
import { journalMemo, postJournal, userBalance } from '@kabuto/schema/modules/ledger';
import type { SettlementDeps } from './intraday-settle.ts';

const SYSTEM = { type: 'system' as const, id: 'intraday-settlement' };

interface ReleaseFigures {
  readonly positions: number;
  readonly fee: bigint;
  readonly released: bigint;
  readonly pnl: bigint;
}

async function releaseFigures(
  deps: SettlementDeps,
  trx: WriteTrx,
  app: IntradayApplicationRow,
): Promise<ReleaseFigures> {
  const currency = app.currency as Currency;
  const held = await userBalance(trx, Number(app.user_id), 'hold:intraday', currency);
  // The positions the settlement force-closed: the fee counts these, on any rerun.
  const positions = await closedCountOfApplication(trx, app.id, 'intraday_close');
  const fee = forcedCloseFee(deps.forcedCloseFee[app.market as Market], positions, held);
  const released = held - fee;
  return { positions, fee, released, pnl: applicationPnl(app.amount, released) };
}

/** The fee journal (when there is a fee) and the user's inbox message and events, once it won. */
async function recordSettled(
  deps: SettlementDeps,
  trx: WriteTrx,
  app: IntradayApplicationRow,
  figures: ReleaseFigures,
) {
  const userId = Number(app.user_id);
  const currency = app.currency as Currency;
  const money = (minor: bigint) => formatScaled(minor, scaleOf(currency));
  const nowMs = deps.clock.nowMs();
  if (figures.fee > 0n) {
    await postJournal(
      trx,
      {
        kind: 'intraday_forced_close_fee',
        ...journalMemo('intraday_forced_close_fee', { id: app.id, positions: figures.positions }),
        actor: SYSTEM,
        reference: `intraday:${app.id}`,
        postings: forcedCloseFeePostings(userId, currency, figures.fee),
      },
      nowMs,
    );
  }
  const params = {
    id: String(app.id),
    market: app.market,
    date: app.session_date,
    currency,
    released: money(figures.released),
    pnl: money(figures.pnl),
    positions: String(figures.positions),
  };
  await insertInboxMessage(trx, { userId, kind: 'intraday_settled', params, nowMs });
  const payload = orderUpdated('intraday_traded', {
    application_id: String(app.id),
    status: 'traded',
    released: money(figures.released),
    pnl: money(figures.pnl),
  });
  await deps.emitter.record(trx, userId, 'order:updated', payload);
  await deps.emitter.record(trx, userId, 'message:created', {
    kind: 'intraday_settled',
    application_id: String(app.id),
  });
}

/**
 * submitted → traded once, under the owner's lock: the forced-close fee (capped at the hold) to
 * the platform, the rest of the hold back to cash, the figures on the row, the inbox message and
 * `order:updated`. A second run finds it traded and writes nothing.
 */
export async function releaseApplication(
  deps: SettlementDeps,
  app: IntradayApplicationRow,
): Promise<boolean> {
  const userId = Number(app.user_id);
  return writeTransaction(
    deps.db,
    async (trx) => {
      const figures = await releaseFigures(deps, trx, app);
      const nowMs = deps.clock.nowMs();
      const currency = app.currency as Currency;
      const row = { kind: 'intraday_application' as const, id: app.id, userId };
      const { advanced } = await advance(trx, row, 'submitted', 'traded', {
        nowMs,
        set: {
          positions_closed: figures.positions,
          forced_close_fee: figures.fee,
          released: figures.released,
          pnl: figures.pnl,
          settled_at: nowMs,
          updated_at: nowMs,
        },
        ...(figures.released > 0n
          ? {
              journal: {
                kind: 'intraday_release' as const,
                ...journalMemo('intraday_release', { id: app.id }),
                actor: SYSTEM,
                reference: `intraday:${app.id}`,
                postings: intradayReleasePostings(userId, currency, figures.released),
              },
            }
          : {}),
      });
      if (advanced) await recordSettled(deps, trx, app, figures);
      return advanced;
    },
    { lockUser: userId },
  );
}

/**
 * applied → failed once: the session never opened, so nothing traded; the whole hold goes back to
 * cash, with an inbox message and `order:updated`. A second run finds it failed and writes nothing.
 */
export async function failApplication(
  deps: SettlementDeps,
  app: IntradayApplicationRow,
): Promise<boolean> {
  const userId = Number(app.user_id);
  const currency = app.currency as Currency;
  const money = (minor: bigint) => formatScaled(minor, scaleOf(currency));
  return writeTransaction(
    deps.db,
    async (trx) => {
      const held = await userBalance(trx, userId, 'hold:intraday', currency);
      const nowMs = deps.clock.nowMs();
      const row = { kind: 'intraday_application' as const, id: app.id, userId };
      const set = { released: held, pnl: 0n, positions_closed: 0n, forced_close_fee: 0n };
      const { advanced } = await advance(trx, row, 'applied', 'failed', {
        nowMs,
        set: { ...set, settled_at: nowMs, updated_at: nowMs },
        ...(held > 0n
          ? {
              journal: {
                kind: 'intraday_release' as const,
                ...journalMemo('intraday_release', { id: app.id }),
                actor: SYSTEM,
                reference: `intraday:${app.id}`,
                postings: intradayReleasePostings(userId, currency, held),
              },
            }
          : {}),
        inbox: {
          kind: 'intraday_failed',
          params: {
            id: String(app.id),
            market: app.market,
            date: app.session_date,
            currency,
            released: money(held),
          },
        },
      });
      if (!advanced) return false;
      const payload = orderUpdated('intraday_failed', {
        application_id: String(app.id),
        status: 'failed',
        released: money(held),
      });
      await deps.emitter.record(trx, userId, 'order:updated', payload);
      return true;
    },
    { lockUser: userId },
  );
}

import type { Db } from '../../../db/create-db.ts';
import type { SecretBox } from '../../../db/secret-box.ts';
import { findInstrument } from '../../../domain/market/instruments.ts';
import { roundToTick } from '../../../domain/market/tick-size.ts';
import type { BlockRule } from '../domain/offer.ts';
import { insertOffer } from './offers.repository.ts';
import { hashPlacementKey } from './placement-key.ts';

const DAY = 86_400_000;
/** The demo placement key (paper installs only show demo content). */
export const DEMO_PLACEMENT_KEY = 'KABUTO-BLOCK';

/** A demo offer 3% below the instrument's reference close, on tick. */
async function demoOffer(
  db: Db,
  symbol: string,
  options: {
    box: SecretBox;
    key: string | null;
    opensAt: number;
    closesAt: number;
    lots: number;
    rule?: BlockRule;
  },
): Promise<void> {
  const instrument = findInstrument(symbol);
  if (!instrument) return;
  const seeded = await db
    .selectFrom('block_offer')
    .select('id')
    .where('symbol', '=', symbol)
    .where('created_by', 'is', null)
    .executeTakeFirst();
  if (seeded) return;
  const prevClose = instrument.referencePrice;
  const price = roundToTick(instrument.tickTable, (prevClose * 97n) / 100n, 'down');
  await insertOffer(
    db,
    {
      ...{ symbol, market: instrument.market, currency: instrument.currency, price, prevClose },
      ...{ lot: instrument.quantity.lotSize, lotsTotal: options.lots, minLots: 1, maxLots: 5 },
      ...{
        rule: options.rule ?? 'first_come',
        keyHash: options.key === null ? null : hashPlacementKey(options.key),
      },
      ...{ opensAt: options.opensAt, closesAt: options.closesAt },
      settlesAt: options.closesAt + DAY,
    },
    { createdBy: null, nowMs: options.opensAt, box: options.box },
  );
}

/**
 * Block trades' demo content, each offer once (a demo offer already seeded for its symbol is kept): a first-come offer
 * open for 30 days without a key, one with the key `KABUTO-BLOCK`, one opening in 3 days, and a
 * lottery offer open for 7 days (drawn at its close by the paper beacon).
 */
export async function seedBlockDemo(db: Db, nowMs: number, box: SecretBox): Promise<void> {
  const open = { box, opensAt: nowMs - DAY, closesAt: nowMs + 30 * DAY };
  await demoOffer(db, '7203', { key: null, lots: 50, ...open });
  await demoOffer(db, '6758', { key: DEMO_PLACEMENT_KEY, lots: 20, ...open });
  await demoOffer(db, '9984', {
    ...{ box, key: null, lots: 30, opensAt: nowMs + 3 * DAY, closesAt: nowMs + 10 * DAY },
  });
  await demoOffer(db, '8306', {
    ...{ box, key: null, lots: 40, rule: 'lottery' },
    ...{ opensAt: nowMs - DAY, closesAt: nowMs + 7 * DAY },
  });
}

// Recomputation throughput: 100,000 open positions across every stock revalued (market value and
// unrealised P&L, exact bigint arithmetic) against fresh feed prices, repeatedly, on one core.
// Target in DESIGN.md §11: 100,000 positions revalued at least 10 times a second.
// Usage: npm run bench:revalue
import { INSTRUMENTS, stepTicks } from '@kabuto/schema/market';
import { valuePosition, type PositionSide } from '@kabuto/schema/trading';

const POSITIONS = 100_000;
const ROUNDS = 20;
const stocks = INSTRUMENTS.filter((i) => i.kind === 'stock');
const positions = Array.from({ length: POSITIONS }, (_, n) => {
  const instrument = stocks[n % stocks.length] as (typeof stocks)[number];
  return {
    instrument,
    side: (n % 3 === 0 ? 'short' : 'long') as PositionSide,
    qty: BigInt(instrument.quantity.minQty * (1 + (n % 5))),
    openPrice: instrument.referencePrice,
  };
});

let checksum = 0n;
const started = process.hrtime.bigint();
for (let round = 0; round < ROUNDS; round += 1) {
  const prices = new Map(
    stocks.map((i, k) => [
      i.symbol,
      stepTicks(i.tickTable, i.referencePrice, ((round + k) % 7) - 3),
    ]),
  );
  for (const position of positions) {
    const value = valuePosition(
      position.instrument,
      position,
      prices.get(position.instrument.symbol) as bigint,
    );
    checksum += value.unrealizedPnl;
  }
}
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
console.log(
  JSON.stringify({
    scenario: 'revalue 100,000 positions (valuePosition, bigint)',
    positions: POSITIONS,
    rounds: ROUNDS,
    fullRevaluationsPerSec: Number((ROUNDS / seconds).toFixed(1)),
    positionsPerSec: Math.round((ROUNDS * POSITIONS) / seconds),
    checksum: checksum.toString(),
  }),
);

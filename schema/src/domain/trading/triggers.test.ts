import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  holdPriceOf,
  onPrint,
  trailingTrigger,
  type AnyOrderKind,
  type Direction,
  type LiveOrderState,
} from './triggers.ts';

/** Runs an order along a path of prints as the matcher does; answers the fill and the prints seen. */
function run(order: LiveOrderState, path: readonly bigint[]) {
  let state = order;
  for (const [index, price] of path.entries()) {
    const outcome = onPrint(state, price);
    if (outcome.fill !== null) return { fill: outcome.fill, at: index, state };
    if (outcome.triggeredNow) state = { ...state, triggered: true };
    if (outcome.moved) state = { ...state, ...outcome.moved };
  }
  return { fill: null, at: -1, state };
}

const prices = fc.array(fc.bigInt({ min: 500n, max: 1_500n }), { minLength: 1, maxLength: 80 });
const direction = fc.constantFrom<Direction>('buy', 'sell');

function orderOf(kind: AnyOrderKind, dir: Direction, trigger: bigint, limit: bigint, last: bigint) {
  const trail = { amount: 50n, unit: 'price' as const };
  return {
    direction: dir,
    kind,
    limit: kind === 'limit' || kind === 'stop_limit' ? limit : null,
    trigger: kind === 'trailing_stop' ? trailingTrigger(dir, last, trail) : trigger,
    triggered: false,
    trail: kind === 'trailing_stop' ? trail : null,
    watermark: kind === 'trailing_stop' ? last : null,
  } satisfies LiveOrderState;
}

describe('orders beyond market and limit over random price paths', () => {
  it('every fill is a price the path printed, at or after the trigger was reached', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<AnyOrderKind>('limit', 'stop', 'stop_limit', 'trailing_stop'),
        direction,
        fc.bigInt({ min: 500n, max: 1_500n }),
        fc.bigInt({ min: 500n, max: 1_500n }),
        prices,
        (kind, dir, trigger, limit, path) => {
          const order = orderOf(kind, dir, trigger, limit, 1_000n);
          const { fill, at } = run(order, path);
          if (fill === null) return;
          expect(path[at]).toBe(fill);
          if (kind === 'stop') {
            expect(dir === 'buy' ? fill >= trigger : fill <= trigger).toBe(true);
          }
        },
      ),
    );
  });

  it('a stop-limit never fills beyond its limit, and never before its trigger was reached', () => {
    fc.assert(
      fc.property(
        direction,
        fc.bigInt({ min: 500n, max: 1_500n }),
        fc.bigInt({ min: 500n, max: 1_500n }),
        prices,
        (dir, trigger, limit, path) => {
          const { fill, at } = run(orderOf('stop_limit', dir, trigger, limit, 1_000n), path);
          if (fill === null) return;
          expect(dir === 'buy' ? fill <= limit : fill >= limit).toBe(true);
          const reached = path
            .slice(0, at + 1)
            .some((p) => (dir === 'buy' ? p >= trigger : p <= trigger));
          expect(reached).toBe(true);
        },
      ),
    );
  });

  it('a trailing sell stop fires at the first print its distance below the highest print before it', () => {
    fc.assert(
      fc.property(prices, (path) => {
        const { fill, at } = run(orderOf('trailing_stop', 'sell', 0n, 0n, 1_000n), path);
        let high = 1_000n;
        for (const [index, price] of path.entries()) {
          if (price <= high - 50n) {
            expect({ fill, at }).toEqual({ fill: price, at: index });
            return;
          }
          if (price > high) high = price;
        }
        expect(fill).toBeNull();
      }),
    );
  });

  it('a percent trail is a share of the watermark (5.00% of 2,000 is 100)', () => {
    expect(trailingTrigger('sell', 2_000n, { amount: 500n, unit: 'percent' })).toBe(1_900n);
    expect(trailingTrigger('buy', 2_000n, { amount: 500n, unit: 'percent' })).toBe(2_100n);
  });

  it('the hold price is the worst fill the order can get without a cancel', () => {
    const stop = { kind: 'stop' as const, limit: null, trigger: 1_000n };
    expect(holdPriceOf({ ...stop, direction: 'sell' }, 1_100n)).toBe(1_000n);
    expect(holdPriceOf({ ...stop, direction: 'buy' }, 900n)).toBe(1_100n);
    const stopLimit = { kind: 'stop_limit' as const, limit: 1_020n, trigger: 1_000n };
    expect(holdPriceOf({ ...stopLimit, direction: 'buy' }, 900n)).toBe(1_020n);
  });
});

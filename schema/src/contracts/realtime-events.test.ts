import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  accountEventArgs,
  orderUpdated,
  type AccountEvent,
  type OrderUpdate,
  type ServerToClientEvents,
} from './realtime-events.ts';

// `npx tsc -b` checks this file: every `@ts-expect-error` below must be a compile error, or the
// build fails ("Unused '@ts-expect-error' directive"). Vitest runs the runtime half.
// socket.io's typed `emit` (`EventParams`): the payload is the listener's parameters.
declare const io: {
  emit<E extends keyof ServerToClientEvents>(
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): boolean;
};

function typeChecksOnly(): void {
  // @ts-expect-error a cancellation carries `released`, not `position_id`
  orderUpdated('cancelled', { order_id: '1', position_id: '2' });
  // @ts-expect-error a reason outside the union
  orderUpdated('outage-test', { order_id: '1' });
  // @ts-expect-error a fill without its position
  orderUpdated('filled', { order_id: '1' });
  // @ts-expect-error an `order:updated` frame without `seq`
  io.emit('order:updated', { reason: 'cancelled', order_id: '1', released: '0' });
  // @ts-expect-error a frame whose fields do not match its reason
  io.emit('order:updated', { reason: 'closed', order_id: '1', released: '0', seq: 1 });
  // @ts-expect-error a margin call without its symbol and price
  io.emit('message:created', { kind: 'margin_call', position_id: '1', seq: 1 });
  io.emit('order:updated', { reason: 'cancelled', order_id: '1', released: '0', seq: 1 });
}

describe('the socket event map', () => {
  it('types each event payload, and a wrong one fails to compile', () => {
    expect(typeof typeChecksOnly).toBe('function');
    expectTypeOf<Parameters<ServerToClientEvents['order:updated']>[0]>().toEqualTypeOf<
      AccountEvent<'order:updated'>
    >();
    expectTypeOf(
      orderUpdated('cancelled', { order_id: '1', released: '0' }),
    ).toEqualTypeOf<OrderUpdate>();
  });

  it('builds order:updated in one shape per reason and stamps the seq on the wire', () => {
    const update = orderUpdated('filled', { order_id: '7', position_id: '9' });
    expect(update).toEqual({ reason: 'filled', order_id: '7', position_id: '9' });
    expect(accountEventArgs<'order:updated'>(update, 12)).toEqual([{ ...update, seq: 12 }]);
  });

  it('lets a listener narrow order:updated by reason', () => {
    const listener: ServerToClientEvents['order:updated'] = (event) => {
      if (event.reason === 'cancelled') expectTypeOf(event.released).toEqualTypeOf<string>();
      if (event.reason === 'stop_out') expectTypeOf(event.pnl).toEqualTypeOf<string>();
    };
    listener({ reason: 'cancelled', order_id: '1', released: '0', seq: 1 });
  });
});

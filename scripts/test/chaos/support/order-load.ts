import type { TestStack } from '../../../src/testing/stack.ts';
import { post, requestId, type Answer, type Session } from './chaos-kit.ts';

/** One order the load sent: its request id and what came back (nothing, when the call failed). */
export interface SentOrder {
  readonly requestId: string;
  answer: Answer | null;
  error: string | null;
}

export interface OrderLoad {
  readonly sent: SentOrder[];
  answered(): SentOrder[];
  /** Stops sending and waits for the calls under way. */
  stop(): Promise<void>;
}

/** A small market order of Toyota (7203) at ×5: cash for a few hundred of them. */
export const LOAD_ORDER = {
  symbol: '7203',
  side: 'long',
  kind: 'market',
  qty: '100',
  leverage: '5',
};

/**
 * `parallel` loops placing market orders, each with a request id of its own, until stopped or `max`
 * have been sent (the paper grant pays for a few hundred). A
 * failed call (the gateway killed, a timeout) is kept with its error and the loop goes on after a
 * short wait, so the load resumes by itself once the stack is back.
 */
export function orderLoad(stack: TestStack, session: Session, parallel = 4, max = 120): OrderLoad {
  const sent: SentOrder[] = [];
  let running = true;
  const loop = async () => {
    while (running && sent.length < max) {
      const order: SentOrder = { requestId: requestId(), answer: null, error: null };
      sent.push(order);
      try {
        order.answer = await post(
          stack,
          'trade/order',
          { ...LOAD_ORDER, request_id: order.requestId },
          session,
        );
      } catch (error) {
        order.error = String(error);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  };
  const loops = Array.from({ length: parallel }, loop);
  return {
    sent,
    answered: () => sent.filter((o) => o.answer !== null),
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

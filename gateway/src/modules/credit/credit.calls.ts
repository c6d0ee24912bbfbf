import { contractOf, defineUserCall, type CallDefinition } from '../../http/call.ts';
import { creditWiring } from '@kabuto/schema/modules/credit/wiring.ts';
import { addCredit } from './add-credit.service.ts';
import { creditList, creditPreview } from './credit-query.service.ts';

export const addCreditCall = defineUserCall({
  ...contractOf(creditWiring.calls, 'trade/addcredit'),
  summary:
    'Adds margin to an open position (a positive whole number of its currency, else credit_invalid): cash → margin, journal credit_add; idempotent by request_id',
  async handle({ input, caller, deps }) {
    // Its `order:updated` and asset recomputation go with the addition's transaction (the outbox).
    const { result } = await addCredit(deps, caller.userId, input);
    return { msg: 'credit_ok', data: result };
  },
});

export const creditPreviewCall = defineUserCall({
  ...contractOf(creditWiring.calls, 'trade/creditpreview'),
  summary:
    'The margin, open credit and stop-out price of an open position before and after adding an amount; writes nothing',
  async handle({ input, caller, deps }) {
    return { msg: 'ok', data: await creditPreview(deps, caller.userId, input) };
  },
});

export const creditListCall = defineUserCall({
  ...contractOf(creditWiring.calls, 'trade/ustockslist'),
  summary:
    'The caller’s added credits in the spec shape: status 0 while the position is open / 1 returned, credit = amount',
  async handle({ input, caller, deps }) {
    return { msg: 'ok', data: await creditList(deps, caller.userId, input.lang) };
  },
});

export const CREDIT_CALLS: readonly CallDefinition[] = [
  addCreditCall,
  creditPreviewCall,
  creditListCall,
];

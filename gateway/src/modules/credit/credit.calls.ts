import {
  addCreditRequest,
  addedCreditResponse,
  creditListRequest,
  creditListResponse,
  creditPreviewRequest,
  creditPreviewResponse,
} from '@kabuto/schema/contracts';
import { defineUserCall, type CallDefinition } from '../../http/call.ts';
import { addCredit } from './add-credit.service.ts';
import { creditList, creditPreview } from './credit-query.service.ts';

export const addCreditCall = defineUserCall({
  path: 'trade/addcredit',
  summary:
    'Adds margin to an open position (a positive whole number of its currency, else credit_invalid): cash → margin, journal credit_add; idempotent by request_id',
  input: addCreditRequest,
  output: addedCreditResponse,
  async handle({ input, caller, deps }) {
    // Its `order:updated` and asset recomputation go with the addition's transaction (the outbox).
    const { result } = await addCredit(deps, caller.userId, input);
    return { msg: 'credit_ok', data: result };
  },
});

export const creditPreviewCall = defineUserCall({
  path: 'trade/creditpreview',
  summary:
    'The margin, open credit and stop-out price of an open position before and after adding an amount; writes nothing',
  input: creditPreviewRequest,
  output: creditPreviewResponse,
  async handle({ input, caller, deps }) {
    return { msg: 'ok', data: await creditPreview(deps, caller.userId, input) };
  },
});

export const creditListCall = defineUserCall({
  path: 'trade/ustockslist',
  summary:
    'The caller’s added credits in the spec shape: status 0 while the position is open / 1 returned, credit = amount',
  input: creditListRequest,
  output: creditListResponse,
  async handle({ input, caller, deps }) {
    return { msg: 'ok', data: await creditList(deps, caller.userId, input.lang) };
  },
});

export const CREDIT_CALLS: readonly CallDefinition[] = [
  addCreditCall,
  creditPreviewCall,
  creditListCall,
];

import {
  bankAddRequest,
  bankEditRequest,
  bankUnbindRequest,
  emptyRequest,
  bankAddResponse,
  bankCardsResponse,
  noData,
} from '@kabuto/schema/contracts';
import { defineUserCall, type CallDefinition } from '../../http/call.ts';
import { addCard, editCard, listCards, unbindCard } from './bank-cards.service.ts';

export const bankListCall = defineUserCall({
  path: 'bank/list',
  summary: "The caller's bank cards",
  input: emptyRequest,
  output: bankCardsResponse,
  async handle({ caller, deps }) {
    return { msg: 'ok', data: await listCards(deps.db, caller.userId) };
  },
});

export const bankAddCall = defineUserCall({
  path: 'bank/add',
  summary:
    'Adds a bank card in the verified katakana name (card_exists, card_name_mismatch, kyc_required)',
  input: bankAddRequest,
  output: bankAddResponse,
  async handle({ input, caller, deps }) {
    return { msg: 'add_ok', data: await addCard(deps, caller.userId, input) };
  },
});

export const bankEditCall = defineUserCall({
  path: 'bank/edit',
  summary:
    'Edits one of the caller’s bank cards (card_not_found for anyone else’s; fund_operation_busy while a withdrawal to it is open)',
  input: bankEditRequest,
  output: noData,
  async handle({ input: { card_id, ...fields }, caller, deps }) {
    await editCard(deps, caller.userId, card_id, fields);
    return { msg: 'modify_ok' };
  },
});

export const bankUnbindCall = defineUserCall({
  path: 'bank/unbind',
  summary: 'Removes one of the caller’s bank cards',
  input: bankUnbindRequest,
  output: noData,
  async handle({ input, caller, deps }) {
    await unbindCard(deps, caller.userId, input.card_id);
    return { msg: 'unbind_ok' };
  },
});

/** The bank module's calls, in the order the central list shows them. */
export const BANK_CALLS: readonly CallDefinition[] = [
  bankListCall,
  bankAddCall,
  bankEditCall,
  bankUnbindCall,
];

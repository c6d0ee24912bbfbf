import {
  depositChannelRequest,
  depositRequest,
  emptyRequest,
  exchangeQuoteRequest,
  exchangeRequest,
  recordsRequest,
  Refusal,
  idRequest,
  withdrawalListRequest,
  withdrawRequest,
  FILE_ANSWER,
  channelDetailsResponse,
  depositChannelsResponse,
  depositListResponse,
  depositRequestedResponse,
  depositRowResponse,
  exchangeDoneResponse,
  exchangeQuoteResponse,
  statementResponse,
  withdrawalListResponse,
  withdrawalRequestedResponse,
} from '@kabuto/schema/contracts';
import { defineUserCall, type CallDefinition } from '../../http/call.ts';
import { listChannels, listDeposits, openChannel, requestDeposit } from './deposit.service.ts';
import { exchange, lockExchangeQuote } from './exchange.service.ts';
import { statementCsv, statementRows } from './statement.service.ts';
import { listWithdrawals, requestWithdrawal } from './withdrawal.service.ts';

export const depositChannelsCall = defineUserCall({
  path: 'fund/channels',
  summary: 'Deposit channels the operator configured (name, currency, per-transfer cap)',
  input: emptyRequest,
  output: depositChannelsResponse,
  async handle({ deps }) {
    return { msg: 'ok', data: await listChannels(deps.db) };
  },
});

export const depositChannelCall = defineUserCall({
  path: 'fund/channel',
  summary:
    'A channel’s receiving bank details and the caller’s transfer reference; verified users with the channel password only',
  input: depositChannelRequest,
  output: channelDetailsResponse,
  async handle({ input, caller, deps }) {
    return {
      msg: 'ok',
      data: await openChannel(deps, caller.userId, input.channel_id, input.channel_password),
    };
  },
});

export const depositCall = defineUserCall({
  path: 'fund/deposit',
  summary:
    'Reports a bank transfer with its proof image (multipart `proof`); credited when a reviewer approves',
  input: depositRequest,
  output: depositRequestedResponse,
  files: ['proof'],
  async handle({ input, caller, deps, files, ip }) {
    // Its `fund:updated` and asset recomputation go with the deposit's transaction (the outbox).
    const result = await requestDeposit(deps, caller.userId, input, files['proof'], ip);
    return { msg: 'deposit_ok', data: result.result };
  },
});

export const depositListCall = defineUserCall({
  path: 'fund/deposits',
  summary: 'The caller’s deposits, newest first',
  input: emptyRequest,
  output: depositListResponse,
  async handle({ caller, deps }) {
    return { msg: 'ok', data: await listDeposits(deps.db, caller.userId) };
  },
});

export const depositInfoCall = defineUserCall({
  path: 'fund/depositinfo',
  summary: 'One of the caller’s deposits (not_found, 404, for anyone else’s)',
  input: idRequest,
  output: depositRowResponse,
  async handle({ input, caller, deps }) {
    const found = (await listDeposits(deps.db, caller.userId)).find(
      (d) => d.deposit_id === String(input.id),
    );
    if (!found) throw new Refusal('not_found');
    return { msg: 'ok', data: found };
  },
});

export const withdrawCall = defineUserCall({
  path: 'fund/withdraw',
  summary:
    'Requests a withdrawal to one of the caller’s cards: verified, fund password (and TOTP when enabled), business hours, minimum, no open positions, a loan’s debt kept within 50% of what stays (loan_unpaid otherwise); the amount is held until review',
  input: withdrawRequest,
  output: withdrawalRequestedResponse,
  async handle({ input, caller, deps }) {
    // Its `fund:updated` and asset recomputation go with the withdrawal's transaction (the outbox).
    const result = await requestWithdrawal(deps, caller.userId, input);
    return { msg: 'withdraw_ok', data: result.result };
  },
});

export const withdrawalListCall = defineUserCall({
  path: 'user/withdrawallist',
  summary:
    'The caller’s withdrawals in the spec shape (status 0 pending, 1 paid, 2 returned; money)',
  input: withdrawalListRequest,
  output: withdrawalListResponse,
  async handle({ caller, deps }) {
    return { msg: 'ok', data: await listWithdrawals(deps.db, caller.userId) };
  },
});

export const exchangeQuoteCall = defineUserCall({
  path: 'fund/exchangequote',
  summary:
    'Prices an exchange (mid rate, applied rate, spread, amount received) and locks the rate for 15 s under quote_id',
  input: exchangeQuoteRequest,
  output: exchangeQuoteResponse,
  async handle({ input, caller, deps }) {
    return { msg: 'ok', data: await lockExchangeQuote(deps, caller.userId, input) };
  },
});

export const exchangeCall = defineUserCall({
  path: 'fund/exchange',
  summary:
    'Exchanges cash between two currencies at the feed rate less the published spread; one ledger transaction',
  input: exchangeRequest,
  output: exchangeDoneResponse,
  async handle({ input, caller, deps }) {
    // Its `fund:updated` and asset recomputation go with the exchange's transaction (the outbox).
    const result = await exchange(deps, caller.userId, input);
    return { msg: 'exchange_ok', data: result.result };
  },
});

export const recordsCall = defineUserCall({
  path: 'fund/records',
  summary:
    'The statement: every ledger movement of the caller’s cash with the running balance per currency, filterable by currency, time, group (deposits, trades, new shares, loans, …) or journal kind',
  input: recordsRequest,
  output: statementResponse,
  async handle({ input, caller, deps }) {
    return { msg: 'ok', data: await statementRows(deps.db, caller.userId, input) };
  },
});

export const recordsCsvCall = defineUserCall({
  path: 'fund/records.csv',
  summary: 'The statement as CSV (the same filters, group and kind included; up to 10,000 rows)',
  input: recordsRequest,
  output: FILE_ANSWER,
  async handle({ input, caller, deps }) {
    const rows = await statementRows(deps.db, caller.userId, { ...input, limit: 10_000 });
    return {
      msg: 'ok',
      download: {
        contentType: 'text/csv; charset=utf-8',
        body: `\uFEFF${statementCsv(rows)}`,
        filename: 'kabuto-statement.csv',
      },
    };
  },
});

/** The funds module's calls, in the order the central list shows them. */
export const FUNDS_CALLS: readonly CallDefinition[] = [
  depositChannelsCall,
  depositChannelCall,
  depositCall,
  depositListCall,
  depositInfoCall,
  withdrawCall,
  withdrawalListCall,
  exchangeQuoteCall,
  exchangeCall,
  recordsCall,
  recordsCsvCall,
];

import {
  configRequest,
  Refusal,
  sendCodeRequest,
  configResponse,
  noData,
} from '@kabuto/schema/contracts';
import { isValidLoginId, normaliseLoginId } from '@kabuto/schema/domain';
import { PUBLIC_SETTINGS } from '@kabuto/schema/modules/backoffice/house-settings.ts';
import { defineCall, type CallDefinition } from '../../http/call.ts';
import { consumeOrRefuse } from '../../infra/limiters.ts';
import { addressKey } from '../../infra/address-key.ts';
import { listConfig } from './config.repository.ts';
import { newCode, storeCode } from './verification-codes.ts';
import { findUserByAccount } from '../auth/public.ts';

export const configCall = defineCall({
  path: 'common/config',
  summary: 'Public configuration entries (title, kefu, license, mode, clock)',
  input: configRequest,
  output: configResponse,
  async handle({ deps }) {
    const visible = (await listConfig(deps.db)).filter((e) => PUBLIC_SETTINGS.has(e.name));
    // KABUTO_LICENSE, when set, wins over a stored licence entry; the entry is always listed (the
    // contract names it), empty when there is none (paper mode).
    const license = deps.config.license || visible.find((e) => e.name === 'license')?.value || '';
    return {
      msg: 'ok',
      data: [
        ...visible.filter((e) => e.name !== 'license'),
        { name: 'license', value: license },
        { name: 'mode', value: deps.config.mode },
        { name: 'clock', value: deps.config.clock },
      ],
    };
  },
});

export const sendCodeCall = defineCall({
  path: 'common/sendcode',
  summary: 'Sends a six-digit verification code through the notifier',
  input: sendCodeRequest,
  output: noData,
  async handle({ input, deps, ip }) {
    const account = normaliseLoginId(input.account);
    if (!isValidLoginId(account)) throw new Refusal('invalid_account');
    // Whether an account exists is told only within the per-address budget, not to a free scan.
    await consumeOrRefuse(deps.limiters.sendCodeByIp, addressKey(ip));
    const exists = Boolean(await findUserByAccount(deps.db, account));
    if (input.purpose === 'register' && exists) throw new Refusal('account_exists');
    await consumeOrRefuse(deps.limiters.sendCodeByAccount, `${input.purpose}:${account}`);
    // A reset code goes out only to a real account, but the answer is the same either way.
    if (input.purpose !== 'register' && !exists) return { msg: 'code_sent' };
    const code = newCode();
    await storeCode(deps.db, { account, purpose: input.purpose, code, nowMs: deps.clock.nowMs() });
    await deps.notifier.sendCode({ to: account, purpose: input.purpose, code });
    return { msg: 'code_sent' };
  },
});

/** The common module's calls, in the order the central list shows them. */
export const COMMON_CALLS: readonly CallDefinition[] = [configCall, sendCodeCall];

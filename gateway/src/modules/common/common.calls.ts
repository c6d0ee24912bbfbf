import { configRequest, Refusal, sendCodeRequest } from '@kabuto/schema/contracts';
import { isValidLoginId, normaliseLoginId } from '@kabuto/schema/domain';
import { defineCall } from '../../http/call.ts';
import { consumeOrRefuse } from '../../infra/limiters.ts';
import { listConfig } from './config.repository.ts';
import { newCode, storeCode } from './verification-codes.ts';
import { findUserByAccount } from '../auth/users.repository.ts';

export const configCall = defineCall({
  path: 'common/config',
  summary: 'Public configuration entries (title, kefu, license, mode, ...)',
  input: configRequest,
  async handle({ deps }) {
    const entries = await listConfig(deps.db);
    const runtime = [
      { name: 'mode', value: deps.config.mode },
      { name: 'clock', value: deps.config.clock },
    ];
    const license = deps.config.license ? [{ name: 'license', value: deps.config.license }] : [];
    const fromDb = entries.filter((e) => !(e.name === 'license' && deps.config.license));
    return { msg: 'ok', data: [...fromDb, ...license, ...runtime] };
  },
});

export const sendCodeCall = defineCall({
  path: 'common/sendcode',
  summary: 'Sends a six-digit verification code through the notifier',
  input: sendCodeRequest,
  async handle({ input, deps, ip }) {
    const account = normaliseLoginId(input.account);
    if (!isValidLoginId(account)) throw new Refusal('invalid_account');
    const exists = Boolean(await findUserByAccount(deps.db, account));
    if (input.purpose === 'register' && exists) throw new Refusal('account_exists');
    await consumeOrRefuse(deps.limiters.sendCodeByIp, ip);
    await consumeOrRefuse(deps.limiters.sendCodeByAccount, `${input.purpose}:${account}`);
    // A reset code goes out only to a real account, but the answer is the same either way.
    if (input.purpose === 'reset' && !exists) return { msg: 'code_sent' };
    const code = newCode();
    await storeCode(deps.db, { account, purpose: input.purpose, code, nowMs: deps.clock.nowMs() });
    await deps.notifier.sendCode({ to: account, purpose: input.purpose, code });
    return { msg: 'code_sent' };
  },
});

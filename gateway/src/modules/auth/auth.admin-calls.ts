import { authWiring } from '@kabuto/schema/modules/auth/wiring.ts';
import { contractOf, defineAdminCall, type CallDefinition } from '../../http/call.ts';
import {
  endUserSessions,
  resetUserTotp,
  searchUsers,
  setUserFlags,
  userDetail,
} from './user-admin.service.ts';

const calls = authWiring.adminCalls;

export const userSearchCall = defineAdminCall({
  ...contractOf(calls, 'user/search'),
  power: 'see',
  summary: 'Finds users by account, verified name or a deposit’s transfer reference',
  async handle({ input, deps }) {
    return { msg: 'ok', data: await searchUsers(deps.db, input.q) };
  },
});

export const userDetailCall = defineAdminCall({
  ...contractOf(calls, 'user/detail'),
  power: 'see',
  summary: 'One user: flags, two-factor, live sessions, real-name state and every balance',
  async handle({ input, deps }) {
    return { msg: 'ok', data: await userDetail(deps, Number(input.id)) };
  },
});

export const userFlagsCall = defineAdminCall({
  ...contractOf(calls, 'user/flags'),
  power: 'users',
  summary: 'Bans, freezes or reactivates an account, or bars it from trading; a reason is required',
  async handle({ input, admin, deps }) {
    await setUserFlags(deps, admin, {
      id: Number(input.id),
      status: input.status,
      tradingBarred: input.trading_barred === undefined ? undefined : input.trading_barred === '1',
      reason: input.reason,
    });
    return { msg: 'modify_ok' };
  },
});

export const userEndSessionsCall = defineAdminCall({
  ...contractOf(calls, 'user/end-sessions'),
  power: 'users',
  summary: 'Ends every session and socket of a user at once; a reason is required',
  async handle({ input, admin, deps }) {
    const ended = await endUserSessions(deps, admin, {
      id: Number(input.id),
      reason: input.reason,
    });
    return { msg: 'revoke_ok', data: { ended } };
  },
});

export const userResetTotpCall = defineAdminCall({
  ...contractOf(calls, 'user/reset-totp'),
  power: 'users',
  summary:
    'Turns a user’s two-factor off and ends their sessions (a lost phone); a reason is required',
  async handle({ input, admin, deps }) {
    await resetUserTotp(deps, admin, { id: Number(input.id), reason: input.reason });
    return { msg: 'modify_ok' };
  },
});

/** The back office's user calls, in the order the central list shows them. */
export const USER_ADMIN_CALLS: readonly CallDefinition[] = [
  userSearchCall,
  userDetailCall,
  userFlagsCall,
  userEndSessionsCall,
  userResetTotpCall,
];

import {
  deleteSubscription,
  ensureVapidKeys,
  saveSubscription,
} from '@kabuto/schema/modules/alerts/db/push.repository.ts';
import { alertsWiring } from '@kabuto/schema/modules/alerts/wiring.ts';
import { contractOf, defineCall, defineUserCall, type CallDefinition } from '../../http/call.ts';

export const pushKeyCall = defineCall({
  ...contractOf(alertsWiring.calls, 'push/key'),
  summary: 'The server’s VAPID public key for Web Push subscriptions (made at first start)',
  async handle({ deps }) {
    const keys = await ensureVapidKeys(deps.db, deps.clock.nowMs());
    return { msg: 'ok', data: { public_key: keys.publicKey } };
  },
});

export const pushSubscribeCall = defineUserCall({
  ...contractOf(alertsWiring.calls, 'push/subscribe'),
  summary: 'Saves this browser’s push subscription for the caller (alerts arrive as notifications)',
  async handle({ input, caller, deps }) {
    await saveSubscription(deps.db, caller.userId, input, deps.clock.nowMs());
    return { msg: 'ok', data: null };
  },
});

export const pushUnsubscribeCall = defineUserCall({
  ...contractOf(alertsWiring.calls, 'push/unsubscribe'),
  summary: 'Forgets one of the caller’s push subscriptions',
  async handle({ input, caller, deps }) {
    await deleteSubscription(deps.db, input.endpoint, caller.userId);
    return { msg: 'ok', data: null };
  },
});

export const PUSH_CALLS: readonly CallDefinition[] = [
  pushKeyCall,
  pushSubscribeCall,
  pushUnsubscribeCall,
];

import { Agent } from 'node:https';
import webpush from 'web-push';
import type { Db } from '@kabuto/schema/db';
import {
  deleteSubscription,
  ensureVapidKeys,
  subscriptionsOf,
  type PushKeys,
} from '@kabuto/schema/modules/alerts/db/push.repository.ts';
import type { Logger } from '../../infra/logger.ts';

/** What a notification carries to the service worker: its words, where a tap goes, its tag. */
export interface PushMessage {
  readonly title: (language: 'jp' | 'cn' | 'us') => { title: string; body: string };
  readonly url: string;
  readonly tag: string;
}

/**
 * Sends Web Push messages (the `web-push` package: VAPID-signed, aes128gcm-encrypted) to every
 * browser a user allowed, each in its own language; a subscription the push service says is gone
 * (404, 410) is forgotten. Failures are logged, never thrown: a notification is a courtesy beside
 * the inbox line and the socket event, which committed before it.
 */
export function createPushSender(deps: {
  db: Db;
  logger: Logger;
  nowMs: () => number;
  /** Extra certificate authorities to trust (a test's local push service); the system's otherwise. */
  ca?: Buffer;
}) {
  const agent = deps.ca ? new Agent({ ca: deps.ca }) : undefined;
  let keys: Promise<PushKeys> | null = null;
  const vapid = () => (keys ??= ensureVapidKeys(deps.db, deps.nowMs()));
  return {
    async send(userId: number, message: PushMessage): Promise<number> {
      const { publicKey, privateKey } = await vapid();
      let sent = 0;
      for (const sub of await subscriptionsOf(deps.db, userId)) {
        const payload = JSON.stringify({
          ...message.title(sub.language),
          url: message.url,
          tag: message.tag,
        });
        try {
          await webpush.sendNotification(
            { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
            payload,
            {
              vapidDetails: { subject: 'mailto:support@kabuto.example', publicKey, privateKey },
              TTL: 3600,
              timeout: 5000,
              ...(agent ? { agent } : {}),
            },
          );
          sent += 1;
        } catch (error) {
          const status = (error as { statusCode?: number }).statusCode;
          if (status === 404 || status === 410) await deleteSubscription(deps.db, sub.endpoint);
          deps.logger.warn({ err: String(error), status }, 'web push failed');
        }
      }
      return sent;
    },
  };
}
export type PushSender = ReturnType<typeof createPushSender>;

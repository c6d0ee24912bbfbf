import { z } from 'zod';
import {
  MAX_TOPIC_WATCHES,
  TOPIC_KEY,
  TOPIC_NAMES,
  createSocketEmitter,
  roomForTopic,
  type StreamWriter,
  type TopicUpdate,
} from '@kabuto/schema/contracts';
import type { TopicPublisher } from '../infra/ports.ts';
import { safeAck, type KabutoSocket } from './socket-kit.ts';

const watchPayload = z.strictObject({
  topic: z.string().refine((topic) => TOPIC_NAMES.includes(topic)),
  key: z.string().regex(TOPIC_KEY),
});

const watchedCount = (socket: KabutoSocket) =>
  [...socket.rooms].filter((room) => room.startsWith('topic:')).length;

/**
 * `topic:watch` / `topic:unwatch` with acks: a socket (signed in or not: a topic is public) joins
 * the room of one thing of a module's public topic, at most MAX_TOPIC_WATCHES at once.
 */
export function registerTopicHandlers(socket: KabutoSocket): void {
  socket.on('topic:watch', async (payload, ack) => {
    const reply = safeAck(ack);
    const parsed = watchPayload.safeParse(payload);
    if (!parsed.success) return reply({ ok: false, msg: 'invalid_param' });
    const room = roomForTopic(parsed.data.topic, parsed.data.key);
    if (!socket.rooms.has(room) && watchedCount(socket) >= MAX_TOPIC_WATCHES) {
      return reply({ ok: false, msg: 'too_frequent' });
    }
    await socket.join(room);
    return reply({ ok: true });
  });
  socket.on('topic:unwatch', async (payload, ack) => {
    const reply = safeAck(ack);
    const parsed = watchPayload.safeParse(payload);
    if (!parsed.success) return reply({ ok: false, msg: 'invalid_param' });
    await socket.leave(roomForTopic(parsed.data.topic, parsed.data.key));
    return reply({ ok: true });
  });
}

/**
 * Publishes a topic's update to every gateway's watchers through the socket adapter's Redis
 * stream (as the workers' relays do): a gateway need not be listening to publish. Fire and
 * forget: a write that fails goes to `onError`.
 */
export function createTopicPublisher(
  redis: StreamWriter,
  redisPrefix: string,
  onError: (error: unknown) => void,
): TopicPublisher {
  const emitter = createSocketEmitter(redis, redisPrefix, onError);
  return {
    publish(update: TopicUpdate) {
      void emitter.to(roomForTopic(update.topic, update.key)).emit('topic:update', update);
    },
  };
}

import { z } from 'zod';

export const inboxMessageResponse = z.object({
  message_id: z.string(),
  kind: z.string(),
  params: z.record(z.string(), z.string()),
  read: z.boolean(),
  created_at: z.number(),
  anti_phishing_phrase: z.string().nullable(),
});
export type InboxMessage = z.infer<typeof inboxMessageResponse>;
export const inboxListResponse = z.array(inboxMessageResponse);
export const inboxUnreadResponse = z.object({ unread: z.number().int().nonnegative() });

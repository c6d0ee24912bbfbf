import { z } from 'zod';
import { namesOf } from '../../contracts/http/answers.ts';
import { wholeNumberField } from '../../contracts/http/fields.ts';

/** `announcement/list`: an optional market (JP, US, CN) and how many (1 to 50, 20 by default). */
export const announcementListRequest = z.strictObject({
  market: z.enum(['JP', 'US', 'CN']).optional(),
  limit: wholeNumberField(1, 50).optional(),
});

/** One announcement: its title and body in the three languages, when it was published (epoch ms). */
export const announcementRecord = z.object({
  id: z.string(),
  market: z.enum(['JP', 'US', 'CN']).nullable(),
  title: namesOf,
  body: namesOf,
  published_at: z.number().int(),
});

export const announcementListResponse = z.array(announcementRecord);
export type AnnouncementRecord = z.infer<typeof announcementRecord>;

import { z } from 'zod';
import { namesOf } from '../../contracts/http/answers.ts';
import { wholeNumberField } from '../../contracts/http/fields.ts';

const symbolField = z
  .string()
  .trim()
  .regex(/^[A-Z0-9.]{1,12}$/i)
  .transform((s) => s.toUpperCase());

/** `news/list`: the latest articles, about one symbol when given (1 to 50, 20 by default). */
export const newsListRequest = z.strictObject({
  symbol: symbolField.optional(),
  limit: wholeNumberField(1, 50).optional(),
  /** The page after this article id (older). */
  before_id: wholeNumberField(1).optional(),
});

export const newsRecord = z.object({
  id: z.string(),
  title: namesOf,
  /** The first lines of the body, per language. */
  summary: namesOf,
  symbols: z.array(z.string()),
  image_url: z.string().nullable(),
  demo: z.boolean(),
  published_at: z.number().int(),
});
export const newsListResponse = z.array(newsRecord);
export type NewsRecord = z.infer<typeof newsRecord>;

export const newsInfoRequest = z.strictObject({ id: wholeNumberField(1) });
export const newsInfoResponse = newsRecord.extend({ body: namesOf });

/** The back office writes an article in all three languages (each required). */
const text = (max: number) => z.string().trim().min(1).max(max);
export const newsWriteRequest = z.strictObject({
  title_ja: text(120),
  title_en: text(120),
  title_zh: text(120),
  body_ja: text(8000),
  body_en: text(8000),
  body_zh: text(8000),
  /** Space- or comma-separated symbols the article is about (up to 10). */
  symbols: z
    .string()
    .trim()
    .max(200)
    .transform((s) => [
      ...new Set(
        s
          .split(/[\s,]+/)
          .filter(Boolean)
          .map((x) => x.toUpperCase()),
      ),
    ])
    .pipe(z.array(z.string().regex(/^[A-Z0-9.]{1,12}$/)).max(10)),
  /** An image this site serves (a path on it): the page's CSP shows no other. */
  image_url: z
    .string()
    .trim()
    .regex(/^\/(?![/\\])[^\s"'<>\\]{1,500}$/)
    .optional(),
});
export const newsUpdateRequest = newsWriteRequest.extend({ id: wholeNumberField(1) });
export const newsIdRequest = z.strictObject({ id: wholeNumberField(1) });
export const newsAdminListResponse = z.array(
  newsRecord.extend({ published_at: z.number().int().nullable() }),
);
/** The back office's list of every article takes nothing. */
export const newsAllRequest = z.strictObject({});
export const newsCreateResponse = z.object({ id: z.string() });

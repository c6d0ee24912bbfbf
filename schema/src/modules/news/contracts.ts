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

/** Space- or comma-separated symbols an article is about (up to 10), upper-cased, once each. */
const symbolListField = z
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
  .pipe(z.array(z.string().regex(/^[A-Z0-9.]{1,12}$/)).max(10));

/** An article's longest title and body, in UTF-16 code units (as `max` counts them). */
export const NEWS_TITLE_MAX = 120;
export const NEWS_BODY_MAX = 8000;

/** The back office writes an article in all three languages (each required). */
const text = (max: number) => z.string().trim().min(1).max(max);
export const newsWriteRequest = z.strictObject({
  title_ja: text(NEWS_TITLE_MAX),
  title_en: text(NEWS_TITLE_MAX),
  title_zh: text(NEWS_TITLE_MAX),
  body_ja: text(NEWS_BODY_MAX),
  body_en: text(NEWS_BODY_MAX),
  body_zh: text(NEWS_BODY_MAX),
  symbols: symbolListField,
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

/** The largest feed `news/import` reads (bytes, before decoding): `invalid_param` above it. */
export const NEWS_FEED_MAX_BYTES = 1024 * 1024;

/**
 * `news/import`: an RSS 2.0 or Atom file (multipart field `feed`, up to NEWS_FEED_MAX_BYTES), the
 * language it is written in (the app's codes: jp, cn, us) and the symbols every item is about.
 * Each new item becomes a draft in that language only; items imported before are skipped.
 */
export const newsImportRequest = z.strictObject({
  lang: z.enum(['jp', 'cn', 'us']),
  symbols: symbolListField.optional(),
});
export const newsImportResponse = z.object({
  /** Drafts written by this import. */
  imported: z.number().int().nonnegative(),
  /** Items already imported (by this or an earlier import), left as they are. */
  skipped: z.number().int().nonnegative(),
});

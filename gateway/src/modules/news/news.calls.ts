import { Refusal } from '@kabuto/schema/contracts';
import {
  findPublishedNews,
  listPublishedNews,
} from '@kabuto/schema/modules/news/db/news.repository.ts';
import { newsWiring } from '@kabuto/schema/modules/news/wiring.ts';
import { contractOf, defineCall, type CallDefinition } from '../../http/call.ts';
import { bodyOf, newsToWire } from './news-wire.ts';

export const newsListCall = defineCall({
  ...contractOf(newsWiring.calls, 'news/list'),
  summary: 'The latest published articles, newest first, about one symbol when given',
  async handle({ input, deps }) {
    const rows = await listPublishedNews(deps.db, {
      nowMs: deps.clock.nowMs(),
      symbol: input.symbol,
      limit: input.limit ?? 20,
      beforeId: input.before_id,
    });
    return {
      msg: 'ok',
      data: rows.map((row) => ({ ...newsToWire(row), published_at: Number(row.published_at) })),
    };
  },
});

export const newsInfoCall = defineCall({
  ...contractOf(newsWiring.calls, 'news/info'),
  summary: 'One published article with its whole body in the three languages',
  async handle({ input, deps }) {
    const row = await findPublishedNews(deps.db, input.id, deps.clock.nowMs());
    if (!row) throw new Refusal('not_found');
    return {
      msg: 'ok',
      data: { ...newsToWire(row), published_at: Number(row.published_at), body: bodyOf(row) },
    };
  },
});

export const NEWS_CALLS: readonly CallDefinition[] = [newsListCall, newsInfoCall];

import { defineModule, types } from '../define-module.ts';
import type { NewsTables } from './db/news.table.ts';

/**
 * News: articles in the three languages, tied to symbols, written and published in the back
 * office; seeded demo articles say they are demo content. Moves no money.
 */
export const newsModule = defineModule({
  name: 'news',
  layer: 'product',
  types: types<{ tables: NewsTables }>(),
});

import { useEffect } from 'react';
import { useInstrumentSearch } from '../../lib/instrument-search.ts';
import { followQuotes, seedQuotes } from './live-quotes.store.ts';

/** Rows matching what is typed (debounced; null while nothing is typed), live-followed while shown. */
export function useSearchResults() {
  const { results, typed } = useInstrumentSearch();
  useEffect(() => {
    if (results) seedQuotes(results);
  }, [results]);
  const symbols = results?.map((r) => r.symbol).join(',') ?? '';
  useEffect(() => {
    if (!symbols) return undefined;
    const subscription = followQuotes(symbols.split(','));
    return () => subscription.unsubscribe();
  }, [symbols]);
  return { results, typed };
}

import { useEffect, useState } from 'react';
import { debounceTime, distinctUntilChanged, Subject, switchMap } from 'rxjs';
import type { QuoteDetail, QuoteRow } from '@kabuto/schema/contracts';
import { callApi } from './api-client.ts';
import { storage } from './storage.ts';

/** `quote/search` in the reader's language: rows matching a code, a name, kana or pinyin. */
export async function searchQuotes(keyword: string): Promise<QuoteRow[]> {
  const response = await callApi(
    'quote/search',
    { keyword, lang: storage.language() },
    { quiet: true },
  );
  return response.status === 1 && Array.isArray(response.data) ? response.data : [];
}

/** `quote/detail` of one symbol, or null when it is unknown. */
export async function quoteDetail(symbol: string): Promise<QuoteDetail | null> {
  const response = await callApi(
    'quote/detail',
    { symbol, lang: storage.language() },
    { quiet: true },
  );
  return response.status === 1 ? response.data : null;
}

/** Rows matching what is typed (debounced; null while nothing is typed). */
export function useInstrumentSearch(): {
  results: QuoteRow[] | null;
  typed: (keyword: string) => void;
} {
  const [results, setResults] = useState<QuoteRow[] | null>(null);
  const [input$] = useState(() => new Subject<string>());
  useEffect(() => {
    const subscription = input$
      .pipe(
        debounceTime(250),
        distinctUntilChanged(),
        switchMap((k) => (k.trim() ? searchQuotes(k.trim()) : Promise.resolve(null))),
      )
      .subscribe(setResults);
    return () => subscription.unsubscribe();
  }, [input$]);
  return { results, typed: (keyword: string) => input$.next(keyword) };
}

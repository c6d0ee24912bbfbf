import { SearchBar } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { debounceTime, distinctUntilChanged, Subject, switchMap } from 'rxjs';
import type { QuoteRow } from '@kabuto/schema/contracts';
import { HeaderBar } from '../../components/header-bar.tsx';
import { NoData } from '../../components/no-data.tsx';
import { storage } from '../../lib/storage.ts';
import { QuoteListRow } from './quote-bits.tsx';
import { followQuotes, seedQuotes } from './live-quotes.store.ts';
import { quotesApi } from './quotes.api.ts';
import './quotes.css';

function remember(keyword: string): string[] {
  const next = [keyword, ...storage.searchList().filter((k) => k !== keyword)].slice(0, 12);
  storage.saveSearchList(next);
  return next;
}

/** Search (/quotes/search): code, name in any language, kana or pinyin initials; history in `searchList`. */
export function SearchScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const [results, setResults] = useState<QuoteRow[] | null>(null);
  const [history, setHistory] = useState<string[]>(storage.searchList());
  const [input$] = useState(() => new Subject<string>());
  useEffect(() => {
    const subscription = input$
      .pipe(
        debounceTime(250),
        distinctUntilChanged(),
        switchMap((k) => (k.trim() ? quotesApi.search(k.trim()) : Promise.resolve(null))),
      )
      .subscribe((rows) => {
        if (rows) seedQuotes(rows);
        setResults(rows);
      });
    return () => subscription.unsubscribe();
  }, [input$]);
  const symbols = results?.map((r) => r.symbol).join(',') ?? '';
  useEffect(() => {
    if (!symbols) return undefined;
    const subscription = followQuotes(symbols.split(','));
    return () => subscription.unsubscribe();
  }, [symbols]);
  const search = (value: string) => {
    setKeyword(value);
    input$.next(value);
  };
  const open = (symbol: string) => {
    if (keyword.trim()) setHistory(remember(keyword.trim()));
    void navigate(`/quotes/info?symbol=${encodeURIComponent(symbol)}`);
  };
  return (
    <div className="screen no-menu" data-testid="search-screen">
      <HeaderBar title={t('quotes.search')} />
      <div style={{ padding: 12, background: '#fff' }}>
        <SearchBar
          placeholder={t('quotes.searchHint')}
          value={keyword}
          onChange={search}
          onSearch={search}
          autoFocus
          data-testid="search-input"
        />
      </div>
      {results === null && history.length > 0 ? (
        <>
          <div className="section-title">
            <span>{t('quotes.history')}</span>
            <button
              type="button"
              onClick={() => {
                storage.saveSearchList([]);
                setHistory([]);
              }}
              data-testid="clear-history"
            >
              {t('quotes.clearHistory')}
            </button>
          </div>
          <div className="search-history">
            {history.map((k) => (
              <button type="button" key={k} onClick={() => search(k)}>
                {k}
              </button>
            ))}
          </div>
        </>
      ) : null}
      {results?.length === 0 ? (
        <NoData />
      ) : (
        results?.map((row) => <QuoteListRow key={row.symbol} row={row} onOpen={open} />)
      )}
    </div>
  );
}

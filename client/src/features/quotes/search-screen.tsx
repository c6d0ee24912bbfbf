import { SearchBar } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { HeaderBar } from '../../components/header-bar.tsx';
import { NoData } from '../../components/no-data.tsx';
import { storage } from '../../lib/storage.ts';
import { QuoteListRow } from './quote-bits.tsx';
import { useSearchResults } from './use-search-results.ts';
import '../../components/quotes.css';

function remember(keyword: string): string[] {
  const next = [keyword, ...storage.searchList().filter((k) => k !== keyword)].slice(0, 12);
  storage.saveSearchList(next);
  return next;
}

/** Earlier searches, newest first; one tap searches again, and the list can be cleared. */
function SearchHistory({
  history,
  onSearch,
  onClear,
}: {
  history: string[];
  onSearch: (keyword: string) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className="section-title">
        <span>{t('quotes.history')}</span>
        <button type="button" onClick={onClear} data-testid="clear-history">
          {t('quotes.clearHistory')}
        </button>
      </div>
      <div className="search-history">
        {history.map((k) => (
          <button type="button" key={k} onClick={() => onSearch(k)}>
            {k}
          </button>
        ))}
      </div>
    </>
  );
}

/** Search (/quotes/search): code, name in any language, kana or pinyin initials; history in `searchList`. */
export function SearchScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const [history, setHistory] = useState<string[]>(storage.searchList());
  const { results, typed } = useSearchResults();
  const search = (value: string) => {
    setKeyword(value);
    typed(value);
  };
  const open = (symbol: string) => {
    if (keyword.trim()) setHistory(remember(keyword.trim()));
    void navigate(`/quotes/info?symbol=${encodeURIComponent(symbol)}`);
  };
  const clearHistory = () => {
    storage.saveSearchList([]);
    setHistory([]);
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
        <SearchHistory history={history} onSearch={search} onClear={clearHistory} />
      ) : null}
      {results?.length === 0 ? (
        <NoData />
      ) : (
        results?.map((row) => <QuoteListRow key={row.symbol} row={row} onOpen={open} />)
      )}
    </div>
  );
}

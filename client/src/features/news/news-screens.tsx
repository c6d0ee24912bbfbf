import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { CallAnswer } from '@kabuto/schema/contracts';
import { HeaderBar } from '../../components/header-bar.tsx';
import { NoData } from '../../components/no-data.tsx';
import { PullRefresh } from '../../components/pull-refresh.tsx';
import { callApi } from '../../lib/api-client.ts';
import { formatWhen } from '../../lib/format-time.ts';
import { newsText } from '../../lib/news-text.ts';
import { storage } from '../../lib/storage.ts';
import '../../components/news.css';

type Article = CallAnswer<'news/list'>[number];
type FullArticle = CallAnswer<'news/info'>;

function Symbols({ symbols }: { symbols: readonly string[] }) {
  const navigate = useNavigate();
  if (symbols.length === 0) return null;
  return (
    <span className="news-symbols">
      {symbols.map((symbol) => (
        <button
          type="button"
          key={symbol}
          className="news-symbol"
          onClick={(event) => {
            event.stopPropagation();
            void navigate(`/quotes/info?symbol=${symbol}`);
          }}
        >
          {symbol}
        </button>
      ))}
    </span>
  );
}

/** `/news/index`: the latest articles in the reader's language, newest first. */
export function NewsListScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = storage.language();
  const [articles, setArticles] = useState<Article[] | null>(null);
  const load = useCallback(
    () =>
      callApi('news/list', { limit: '30' }).then((answer) =>
        setArticles(answer.status === 1 ? answer.data : []),
      ),
    [],
  );
  useEffect(() => void load(), [load]);
  return (
    <div className="screen" data-testid="news-screen">
      <HeaderBar title={t('menu.news')} left="none" />
      <PullRefresh onRefresh={load}>
        {articles?.length === 0 ? <NoData /> : null}
        <div className="card">
          {(articles ?? []).map((article) => (
            <button
              type="button"
              key={article.id}
              className="news-row"
              onClick={() => navigate(`/news/info?id=${article.id}`)}
              data-testid="news-item"
            >
              <span className="news-title">{newsText(article.title, language)}</span>
              <span className="news-summary">{newsText(article.summary, language)}</span>
              <span className="muted">
                {article.demo ? <span className="news-demo">{t('news.demo')}</span> : null}{' '}
                {formatWhen(article.published_at)}
              </span>
              <Symbols symbols={article.symbols} />
            </button>
          ))}
        </div>
      </PullRefresh>
    </div>
  );
}

/** `/news/info?id=`: one article, with the stocks it is about. */
export function NewsInfoScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const language = storage.language();
  const [article, setArticle] = useState<FullArticle | null | undefined>(undefined);
  useEffect(() => {
    void callApi('news/info', { id }, { quiet: true }).then((answer) =>
      setArticle(answer.status === 1 ? answer.data : null),
    );
  }, [id]);
  return (
    <div className="screen" data-testid="news-info">
      <HeaderBar title={t('menu.news')} />
      {article === null ? <NoData /> : null}
      {article ? (
        <article className="card prose">
          <h2 data-testid="news-info-title">{newsText(article.title, language)}</h2>
          <p className="muted">
            {article.demo ? <span className="news-demo">{t('news.demo')}</span> : null}{' '}
            {formatWhen(article.published_at)}
          </p>
          {article.image_url ? <img className="news-image" src={article.image_url} alt="" /> : null}
          <p className="news-body" data-testid="news-info-body">
            {newsText(article.body, language)}
          </p>
          <Symbols symbols={article.symbols} />
        </article>
      ) : null}
    </div>
  );
}

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { CallAnswer } from '@kabuto/schema/contracts';
import { callApi } from '../lib/api-client.ts';
import { formatWhen } from '../lib/format-time.ts';
import { storage } from '../lib/storage.ts';
import { newsText } from '../lib/news-text.ts';
import './news.css';

type Article = CallAnswer<'news/list'>[number];

/**
 * The latest three articles (about one stock when `symbol` is given): on Home and on a stock's
 * detail. Shows nothing while there is none.
 */
export function NewsLatest({ symbol }: { symbol?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [articles, setArticles] = useState<Article[]>([]);
  useEffect(() => {
    void callApi('news/list', { limit: '3', ...(symbol ? { symbol } : {}) }, { quiet: true }).then(
      (answer) => {
        if (answer.status === 1) setArticles(answer.data);
      },
    );
  }, [symbol]);
  if (articles.length === 0) return null;
  const language = storage.language();
  return (
    <section className="card news-latest" data-testid="news-latest">
      <h3 className="section-title">{t('news.latest')}</h3>
      {articles.map((article) => (
        <button
          type="button"
          key={article.id}
          className="news-row"
          onClick={() => navigate(`/news/info?id=${article.id}`)}
          data-testid="news-latest-item"
        >
          <span className="news-title">{newsText(article.title, language)}</span>
          <span className="muted">
            {article.demo ? `${t('news.demo')} · ` : ''}
            {formatWhen(article.published_at)}
          </span>
        </button>
      ))}
    </section>
  );
}

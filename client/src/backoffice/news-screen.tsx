import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { AdminCallMap } from '@kabuto/schema/contracts';
import { formatWhen } from '../lib/format-time.ts';
import { newsText } from '../lib/news-text.ts';
import { storage } from '../lib/storage.ts';
import { adminCall } from './admin-api.ts';
import { msgText } from './console-i18n.ts';
import { NewsImportForm } from './news-import.tsx';

type Article = AdminCallMap['news/all']['output'][number];

const FIELDS = ['title_ja', 'title_en', 'title_zh', 'body_ja', 'body_en', 'body_zh'] as const;

/** The title in the console's language, else in the one an imported draft has so far. */
const titleOf = (row: Article) =>
  newsText(row.title, storage.language()) || row.title.ja || row.title.en || row.title.zh;

/** Why publishing was refused: a draft without all three languages says so. */
function publishRefusal(msg: string, data: unknown, t: TFunction): string {
  const fields = (data as { fields?: Record<string, string> } | null)?.fields ?? {};
  return Object.keys(fields).some((name) => name.startsWith('title_') || name.startsWith('body_'))
    ? t('bo.news.needsLanguages')
    : msgText(msg);
}

/** A new article in the three languages (each required), tied to symbols; saved as a draft. */
function NewsForm({ onSaved }: { onSaved: (said: string) => void }) {
  const { t } = useTranslation();
  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const body = Object.fromEntries(
      [...FIELDS, 'symbols'].map((name) => [name, String(form.get(name) ?? '')]),
    );
    const answer = await adminCall('news/create', body);
    if (answer.ok) formElement.reset();
    onSaved(answer.ok ? t('bo.news.saved') : msgText(answer.msg));
  }
  return (
    <form className="bo-card bo-news-form" onSubmit={(event) => void save(event)}>
      <h2>{t('bo.news.write')}</h2>
      {FIELDS.map((name) =>
        name.startsWith('title') ? (
          <input
            key={name}
            name={name}
            placeholder={t(`bo.news.${name}`)}
            required
            maxLength={120}
          />
        ) : (
          <textarea key={name} name={name} placeholder={t(`bo.news.${name}`)} required rows={3} />
        ),
      )}
      <input name="symbols" placeholder={t('bo.news.symbols')} data-testid="bo-news-symbols" />
      <button type="submit" className="bo-primary" data-testid="bo-news-save">
        {t('bo.news.saveDraft')}
      </button>
    </form>
  );
}

/** `#/news`: every article, drafts too; write, publish and take down. */
export function NewsScreen() {
  const { t } = useTranslation();
  const [rows, setRows] = useState<Article[]>([]);
  const [said, setSaid] = useState<string | null>(null);
  const load = useCallback(
    () =>
      adminCall('news/all').then((answer) => {
        if (answer.ok) setRows(answer.data);
      }),
    [],
  );
  useEffect(() => void load(), [load]);
  const toggle = (row: Article) => {
    if (row.published_at !== null && !window.confirm(t('bo.news.confirmTakeDown'))) return;
    void adminCall(row.published_at === null ? 'news/publish' : 'news/unpublish', {
      id: row.id,
    }).then((answer) => {
      setSaid(answer.ok ? null : publishRefusal(answer.msg, answer.data, t));
      return load();
    });
  };
  return (
    <section data-testid="bo-news">
      <header className="bo-section-head">
        <h1>{t('bo.nav.news')}</h1>
      </header>
      <table className="bo-table">
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-testid={`bo-news-${row.id}`}>
              <td>{titleOf(row)}</td>
              <td>{row.symbols.join(' ')}</td>
              <td>
                {row.published_at === null ? t('bo.news.draft') : formatWhen(row.published_at)}
              </td>
              <td>
                <button type="button" onClick={() => toggle(row)}>
                  {row.published_at === null ? t('bo.news.publish') : t('bo.news.unpublish')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <NewsForm
        onSaved={(message) => {
          setSaid(message);
          void load();
        }}
      />
      <NewsImportForm
        onImported={(message) => {
          setSaid(message);
          void load();
        }}
      />
      {said ? <p className="bo-note">{said}</p> : null}
    </section>
  );
}

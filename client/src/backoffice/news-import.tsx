import { useState, type FormEvent } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { NEWS_FEED_MAX_BYTES } from '@kabuto/schema/modules/news/contracts.ts';
import { LANGUAGE_NAMES } from '../lib/i18n.ts';
import { storage, type Language } from '../lib/storage.ts';
import { adminUpload, type AdminAnswer } from './admin-api.ts';
import { msgText } from './console-i18n.ts';

/** What a refused import says: the file's problem when it is the file, else the msg key. */
function refusalText(
  answer: Extract<AdminAnswer<'news/import'>, { ok: false }>,
  t: TFunction,
): string {
  const fields = (answer.data as { fields?: Record<string, string> } | null)?.fields ?? {};
  const feed = fields['feed'];
  if (feed === 'too_big') return t('bo.news.importTooBig');
  if (feed === 'required') return t('bo.news.importPick');
  if (feed?.startsWith('too_many_items')) return t('bo.news.importTooMany', { max: 500 });
  if (feed) return t('bo.news.importNotFeed', { why: feed });
  const symbols = fields['symbols'];
  return symbols ? `${msgText(answer.msg)} (${symbols})` : msgText(answer.msg);
}

/**
 * Imports an RSS or Atom file the operator picks: each new item becomes a draft in the language
 * chosen here only (publishing waits for the other two); items imported before are skipped.
 */
export function NewsImportForm({ onImported }: { onImported: (said: string) => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const feed = form.get('feed');
    if (!(feed instanceof File) || feed.size === 0) return onImported(t('bo.news.importPick'));
    if (feed.size > NEWS_FEED_MAX_BYTES) return onImported(t('bo.news.importTooBig'));
    setBusy(true);
    const answer = await adminUpload(
      'news/import',
      { lang: String(form.get('lang') ?? ''), symbols: String(form.get('symbols') ?? '') },
      { feed },
    );
    setBusy(false);
    if (answer.ok) formElement.reset();
    onImported(answer.ok ? t('bo.news.imported', answer.data) : refusalText(answer, t));
  }
  return (
    <form
      className="bo-card bo-inline-form"
      data-testid="bo-news-import"
      onSubmit={(event) => void submit(event)}
    >
      <h2>{t('bo.news.import')}</h2>
      <label className="bo-field">
        {t('bo.news.importFile')}
        <input
          name="feed"
          type="file"
          accept=".xml,.rss,.atom,application/rss+xml,application/atom+xml,application/xml,text/xml"
          required
        />
      </label>
      <label className="bo-field">
        {t('bo.news.importLanguage')}
        <select name="lang" defaultValue={storage.language()}>
          {(Object.keys(LANGUAGE_NAMES) as Language[]).map((language) => (
            <option key={language} value={language}>
              {LANGUAGE_NAMES[language]}
            </option>
          ))}
        </select>
      </label>
      <input name="symbols" placeholder={t('bo.news.symbols')} />
      <button type="submit" className="bo-primary" disabled={busy}>
        {t('bo.news.importButton')}
      </button>
      <span className="bo-muted bo-rule">{t('bo.news.importHint')}</span>
    </form>
  );
}

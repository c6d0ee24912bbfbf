import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { AdminCallMap } from '@kabuto/schema/contracts';
import { adminCall } from './admin-api.ts';
import { msgText } from './console-i18n.ts';
import { consoleState, may } from './console.store.ts';

type Calendars = AdminCallMap['calendar/list']['output'];

/** Said on the window when staff entered a year: the warning banner reads the calendars again. */
const CALENDARS_CHANGED = 'kabuto:calendars-changed';

/** A refusal's field details (`{ fields: { closures: '2027-02-30' } }`), if any. */
const fieldsOf = (data: unknown): Record<string, string> =>
  (data as { fields?: Record<string, string> } | null)?.fields ?? {};

/** Enters a market's closures for one year (the exchange's or the State Council's notice). */
function YearForm({ onSaid }: { onSaid: (said: string) => void }) {
  const { t } = useTranslation();
  async function enter(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const field = (name: string) => String(form.get(name) ?? '');
    const answer = await adminCall('calendar/set-year', {
      market: field('market'),
      year: field('year'),
      closures: field('closures'),
      source: field('source'),
      reason: field('reason'),
    });
    // The banner on every screen reads the calendars again.
    if (answer.ok) window.dispatchEvent(new Event(CALENDARS_CHANGED));
    const detail = answer.ok ? '' : Object.values(fieldsOf(answer.data)).join(', ');
    onSaid(answer.ok ? t('bo.calendar.entered') : `${msgText(answer.msg)} ${detail}`.trim());
  }
  return (
    <form className="bo-card bo-calendar-form" onSubmit={(event) => void enter(event)}>
      <h2>{t('bo.calendar.enterYear')}</h2>
      <select name="market" defaultValue="CN" aria-label={t('bo.calendar.market')}>
        {(['CN', 'JP', 'US'] as const).map((market) => (
          <option key={market} value={market}>
            {t(`bo.calendar.markets.${market}`)}
          </option>
        ))}
      </select>
      <input name="year" type="number" defaultValue={2027} aria-label={t('bo.calendar.year')} />
      <textarea
        name="closures"
        rows={3}
        placeholder="2027-01-01, 2027-02-08, …"
        aria-label={t('bo.calendar.closures')}
      />
      <input name="source" placeholder={t('bo.calendar.source')} required minLength={3} />
      <input name="reason" placeholder={t('bo.settings.reason')} required minLength={3} />
      <button type="submit" className="bo-primary">
        {t('bo.calendar.save')}
      </button>
      <p className="bo-muted">{t('bo.calendar.hint')}</p>
    </form>
  );
}

/** Each market's known calendar (warned 60 days before it ends) and the years staff entered. */
export function CalendarPanel() {
  const { t } = useTranslation();
  const { me } = useSnapshot(consoleState);
  const [calendars, setCalendars] = useState<Calendars | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const load = useCallback(
    () =>
      adminCall('calendar/list').then((answer) => {
        if (answer.ok) setCalendars(answer.data);
      }),
    [],
  );
  useEffect(() => void load(), [load]);
  return (
    <section data-testid="bo-calendars">
      <h2>{t('bo.calendar.title')}</h2>
      <table className="bo-table">
        <tbody>
          {calendars?.markets.map((m) => (
            <tr key={m.market} data-testid={`bo-calendar-${m.market}`}>
              <th scope="row">{t(`bo.calendar.markets.${m.market}`)}</th>
              <td>
                {m.known_until === null
                  ? t('bo.calendar.byRule')
                  : t('bo.calendar.knownUntil', { date: m.known_until, days: m.days_left })}
              </td>
              <td>
                {m.warn ? <strong className="bo-error">{t('bo.calendar.warn')}</strong> : null}
              </td>
            </tr>
          ))}
          {calendars?.years.map((y) => (
            <tr key={`${y.market}-${y.year}`}>
              <th scope="row">
                {t(`bo.calendar.markets.${y.market}`)} {y.year}
              </th>
              <td className="bo-detail">{y.closures.join(', ')}</td>
              <td className="bo-muted">
                {y.source} · {y.entered_by}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {may(me, 'config') ? (
        <YearForm
          onSaid={(text) => {
            setSaid(text);
            void load();
          }}
        />
      ) : null}
      {said ? <p className="bo-note">{said}</p> : null}
    </section>
  );
}

/** On every screen: each market whose known calendar ends within 60 days, and where to fix it. */
export function CalendarWarningBanner() {
  const { t } = useTranslation();
  const [warnings, setWarnings] = useState<Calendars['markets']>([]);
  useEffect(() => {
    const load = () =>
      void adminCall('calendar/list').then((answer) => {
        if (answer.ok) setWarnings(answer.data.markets.filter((m) => m.warn));
      });
    load();
    window.addEventListener(CALENDARS_CHANGED, load);
    return () => window.removeEventListener(CALENDARS_CHANGED, load);
  }, []);
  if (warnings.length === 0) return null;
  return (
    <div className="bo-banner" role="status" data-testid="bo-calendar-warning">
      {warnings.map((w) => (
        <p key={w.market}>
          {t('bo.calendar.banner', {
            market: t(`bo.calendar.markets.${w.market}`),
            date: w.known_until,
            days: w.days_left,
          })}{' '}
          <a href="#/settings">{t('bo.nav.settings')}</a>
        </p>
      ))}
    </div>
  );
}

import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { AdminCallMap } from '@kabuto/schema/contracts';
import { adminCall } from './admin-api.ts';
import { msgText } from './console-i18n.ts';
import { consoleState, may } from './console.store.ts';
import { CalendarPanel } from './calendar-panel.tsx';

type Setting = AdminCallMap['config/list']['output'][number];

/** One house setting: its value now, and (for the config power) a form to change it with a reason. */
function SettingRow({ setting, onSaved }: { setting: Setting; onSaved: () => void }) {
  const { t } = useTranslation();
  const { me } = useSnapshot(consoleState);
  const [said, setSaid] = useState<{ text: string; refused: boolean } | null>(null);
  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const answer = await adminCall('config/update', {
      name: setting.name,
      value: String(form.get('value') ?? ''),
      reason: String(form.get('reason') ?? ''),
    });
    // A refusal says which setting and what form it takes, beside the setting itself.
    const refusal =
      answer.msg === 'invalid_param'
        ? `${msgText(answer.msg)}: ${t(`bo.settings.names.${setting.name}`)} — ${t(`bo.settings.hints.${setting.name}`)}`
        : msgText(answer.msg);
    setSaid(
      answer.ok
        ? { text: t('bo.settings.saved'), refused: false }
        : { text: refusal, refused: true },
    );
    if (answer.ok) onSaved();
  }
  return (
    <tr data-testid={`bo-setting-${setting.name}`}>
      <th scope="row">
        {t(`bo.settings.names.${setting.name}`)}
        <div className="bo-muted">{t(`bo.settings.hints.${setting.name}`)}</div>
      </th>
      <td>{setting.public ? t('bo.settings.shown') : t('bo.settings.serverOnly')}</td>
      <td>
        {may(me, setting.power) ? (
          <form className="bo-buttons" onSubmit={(event) => void save(event)}>
            <input name="value" defaultValue={setting.value} aria-label={setting.name} />
            <input name="reason" placeholder={t('bo.settings.reason')} required minLength={3} />
            <button type="submit">{t('bo.settings.save')}</button>
          </form>
        ) : (
          <code>{setting.value || '—'}</code>
        )}
        {said ? (
          <p
            className={said.refused ? 'bo-error' : 'bo-note'}
            role={said.refused ? 'alert' : 'status'}
          >
            {said.text}
          </p>
        ) : null}
      </td>
    </tr>
  );
}

/** `#/settings`: the house's settings (applied to the next request) and the exchange calendars. */
export function SettingsScreen() {
  const { t } = useTranslation();
  const [settings, setSettings] = useState<Setting[]>([]);
  const load = useCallback(
    () =>
      adminCall('config/list').then((answer) => {
        if (answer.ok) setSettings(answer.data);
      }),
    [],
  );
  useEffect(() => void load(), [load]);
  const saved = () => void load();
  return (
    <section data-testid="bo-settings">
      <header className="bo-section-head">
        <h1>{t('bo.nav.settings')}</h1>
      </header>
      <p className="bo-muted">{t('bo.settings.intro')}</p>
      <table className="bo-table">
        <tbody>
          {settings.map((setting) => (
            <SettingRow key={setting.name} setting={setting} onSaved={saved} />
          ))}
        </tbody>
      </table>
      <CalendarPanel />
    </section>
  );
}

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
function SettingRow({ setting, onSaved }: { setting: Setting; onSaved: (said: string) => void }) {
  const { t } = useTranslation();
  const { me } = useSnapshot(consoleState);
  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const answer = await adminCall('config/update', {
      name: setting.name,
      value: String(form.get('value') ?? ''),
      reason: String(form.get('reason') ?? ''),
    });
    onSaved(answer.ok ? t('bo.settings.saved') : msgText(answer.msg));
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
      </td>
    </tr>
  );
}

/** `#/settings`: the house's settings (applied to the next request) and the exchange calendars. */
export function SettingsScreen() {
  const { t } = useTranslation();
  const [settings, setSettings] = useState<Setting[]>([]);
  const [said, setSaid] = useState<string | null>(null);
  const load = useCallback(
    () =>
      adminCall('config/list').then((answer) => {
        if (answer.ok) setSettings(answer.data);
      }),
    [],
  );
  useEffect(() => void load(), [load]);
  const saved = (text: string) => {
    setSaid(text);
    void load();
  };
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
      {said ? <p className="bo-note">{said}</p> : null}
      <CalendarPanel />
    </section>
  );
}

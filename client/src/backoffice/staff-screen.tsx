import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { STAFF_ROLES, type AdminCallMap } from '@kabuto/schema/contracts';
import { adminCall } from './admin-api.ts';
import { msgText } from './console-i18n.ts';

type StaffRow = AdminCallMap['staff/list']['output'][number];

/** Adds a staff member, who enrols two-factor at first sign-in. */
function StaffCreateForm({
  onSaid,
  onAdded,
}: {
  onSaid: (said: string) => void;
  onAdded: () => void;
}) {
  const { t } = useTranslation();
  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const answer = await adminCall('staff/create', {
      login: String(form.get('login') ?? ''),
      password: String(form.get('password') ?? ''),
      role: String(form.get('role') ?? 'reviewer'),
    });
    onSaid(answer.ok ? t('bo.staff.created') : msgText(answer.msg));
    if (answer.ok) {
      formElement.reset();
      onAdded();
    }
  }
  return (
    <form className="bo-card bo-inline-form" onSubmit={(event) => void create(event)}>
      <h2>{t('bo.staff.create')}</h2>
      <input
        name="login"
        placeholder={t('bo.staff.login')}
        required
        pattern="[a-z][a-z0-9._\-]{2,31}"
        title={t('bo.staff.loginRule')}
      />
      <span className="bo-muted bo-rule">{t('bo.staff.loginRule')}</span>
      <input
        name="password"
        type="password"
        placeholder={t('bo.staff.password')}
        minLength={12}
        required
        autoComplete="new-password"
      />
      <select name="role" defaultValue="reviewer">
        {STAFF_ROLES.map((role) => (
          <option key={role} value={role}>
            {t(`bo.roles.${role}`)}
          </option>
        ))}
      </select>
      <button type="submit" className="bo-primary">
        {t('bo.staff.add')}
      </button>
    </form>
  );
}

function StaffHead() {
  const { t } = useTranslation();
  return (
    <thead>
      <tr>
        <th>{t('bo.staff.login')}</th>
        <th>{t('bo.staff.role')}</th>
        <th>{t('bo.staff.twoFactor')}</th>
        <th>{t('bo.staff.disabled')}</th>
        <th />
      </tr>
    </thead>
  );
}

/** `#/staff` (administrators): who works the back office, their role and two-factor. */
function useStaffList(): [StaffRow[], () => Promise<void>] {
  const [rows, setRows] = useState<StaffRow[]>([]);
  const load = useCallback(
    () =>
      adminCall('staff/list').then((answer) => {
        if (answer.ok) setRows(answer.data);
      }),
    [],
  );
  useEffect(() => void load(), [load]);
  return [rows, load];
}

export function StaffScreen() {
  const { t } = useTranslation();
  const [rows, load] = useStaffList();
  const [said, setSaid] = useState<string | null>(null);
  const act = (
    call: 'staff/update' | 'staff/reset-totp',
    body: { id: string; role?: string; disabled?: string },
  ) => {
    if (!window.confirm(t('bo.staff.confirm'))) return load();
    return adminCall(call, body).then((answer) => {
      setSaid(answer.ok ? t('bo.users.done') : msgText(answer.msg));
      return load();
    });
  };
  return (
    <section data-testid="bo-staff">
      <header className="bo-section-head">
        <h1>{t('bo.nav.staff')}</h1>
      </header>
      <table className="bo-table">
        <StaffHead />
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-testid={`bo-staff-${row.login}`}>
              <td>{row.login}</td>
              <td>
                <select
                  value={row.role}
                  onChange={(event) =>
                    void act('staff/update', { id: row.id, role: event.target.value })
                  }
                >
                  {STAFF_ROLES.map((role) => (
                    <option key={role} value={role}>
                      {t(`bo.roles.${role}`)}
                    </option>
                  ))}
                </select>
              </td>
              <td>{t(row.totp_enabled ? 'bo.staff.yes' : 'bo.staff.no')}</td>
              <td>{t(row.disabled ? 'bo.staff.yes' : 'bo.staff.no')}</td>
              <td className="bo-buttons">
                <button
                  type="button"
                  onClick={() =>
                    void act('staff/update', { id: row.id, disabled: row.disabled ? '0' : '1' })
                  }
                >
                  {row.disabled ? t('bo.staff.enable') : t('bo.staff.disable')}
                </button>
                <button type="button" onClick={() => void act('staff/reset-totp', { id: row.id })}>
                  {t('bo.staff.resetTotp')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <StaffCreateForm onSaid={setSaid} onAdded={() => void load()} />
      {said ? <p className="bo-note">{said}</p> : null}
    </section>
  );
}

import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminCallMap } from '@kabuto/schema/contracts';
import { adminCall } from './admin-api.ts';
import { consoleState } from './console.store.ts';
import { adminToken } from './admin-api.ts';
import { msgText } from './console-i18n.ts';

type Setup = AdminCallMap['totp/setup']['output'];

async function signOut() {
  await adminCall('logout');
  adminToken.clear();
  consoleState.me = null;
}

/** The ten recovery codes, shown once; the console opens when the user says they are stored. */
function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  const { t } = useTranslation();
  async function done() {
    const me = await adminCall('me');
    if (me.ok) consoleState.me = me.data;
  }
  return (
    <main className="bo-login" data-testid="bo-recovery">
      <section className="bo-card">
        <h2>{t('bo.enrol.recoveryTitle')}</h2>
        <p>{t('bo.enrol.recoveryHint')}</p>
        <ol className="bo-codes" data-testid="bo-recovery-codes">
          {codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ol>
        <button
          type="button"
          className="bo-primary"
          onClick={() => void done()}
          data-testid="bo-recovery-done"
        >
          {t('bo.enrol.continue')}
        </button>
      </section>
    </main>
  );
}

/**
 * First sign-in: the session may only enrol. The QR code and key, a code to confirm, then the ten
 * recovery codes, shown once, before the console opens.
 */
export function EnrolScreen() {
  const { t } = useTranslation();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    void adminCall('totp/setup').then((answer) => {
      if (answer.ok) setSetup(answer.data);
      else setError(msgText(answer.msg));
    });
  }, []);
  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const otp = String(new FormData(event.currentTarget).get('otp') ?? '');
    const answer = await adminCall('totp/enable', { otp });
    if (answer.ok) setCodes(answer.data.recovery_codes);
    else setError(msgText(answer.msg));
  }
  if (codes) return <RecoveryCodes codes={codes} />;
  return (
    <main className="bo-login" data-testid="bo-enrol">
      <form className="bo-card" onSubmit={(event) => void confirm(event)}>
        <h2>{t('bo.enrol.title')}</h2>
        <p>{t('bo.enrol.intro')}</p>
        {setup ? (
          <>
            <img className="bo-qr" src={setup.qr} alt="otpauth QR" width={220} height={220} />
            <p className="bo-muted">{t('bo.enrol.secret')}</p>
            <code className="bo-secret" data-testid="bo-totp-secret" data-secret={setup.secret}>
              {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
            </code>
          </>
        ) : null}
        <label>
          {t('bo.enrol.code')}
          <input
            name="otp"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            required
            data-testid="bo-enrol-code"
          />
        </label>
        {error ? (
          <p className="bo-error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="bo-primary" data-testid="bo-enrol-confirm">
          {t('bo.enrol.confirm')}
        </button>
        <button type="button" onClick={() => void signOut()}>
          {t('bo.top.signOut')}
        </button>
      </form>
    </main>
  );
}

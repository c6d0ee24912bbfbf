import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { adminCall, adminToken } from './admin-api.ts';
import { consoleState } from './console.store.ts';
import { msgText } from './console-i18n.ts';
import { LanguageChoice } from './language-choice.tsx';

/** The second factor, asked for once the password was right (`totp_required`). */
function CodeField() {
  const { t } = useTranslation();
  return (
    <label>
      {t('bo.login.otp')}
      <input
        name="otp"
        autoComplete="one-time-code"
        inputMode="numeric"
        required
        autoFocus
        data-testid="bo-otp"
      />
    </label>
  );
}

/** Password first; the code field appears when the server asks for it (`totp_required`). */
export function LoginScreen() {
  const { t } = useTranslation();
  const { signedOutBecause } = useSnapshot(consoleState);
  const [askCode, setAskCode] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const field = (name: string) => String(form.get(name) ?? '');
    setBusy(true);
    const answer = await adminCall('login', {
      login: field('login'),
      password: field('password'),
      otp: askCode ? field('otp') : '',
    });
    setBusy(false);
    if (!answer.ok) {
      if (answer.msg === 'totp_required') setAskCode(true);
      setError(msgText(answer.msg));
      return;
    }
    adminToken.set(answer.data.token);
    const me = await adminCall('me');
    if (me.ok) {
      consoleState.signedOutBecause = null;
      consoleState.me = me.data;
    }
  }
  return (
    <main className="bo-login" data-testid="bo-login">
      <form className="bo-card" onSubmit={(event) => void submit(event)}>
        <h1>{t('bo.title')}</h1>
        <h2>{t('bo.login.title')}</h2>
        {signedOutBecause ? <p className="bo-note">{t('bo.login.idle')}</p> : null}
        <label>
          {t('bo.login.login')}
          <input name="login" autoComplete="username" required data-testid="bo-login-id" />
        </label>
        <label>
          {t('bo.login.password')}
          <input
            name="password"
            type="password"
            autoComplete="current-password"
            required
            data-testid="bo-password"
          />
        </label>
        {askCode ? <CodeField /> : null}
        {error ? (
          <p className="bo-error" role="alert" data-testid="bo-login-error">
            {error}
          </p>
        ) : null}
        <button type="submit" className="bo-primary" disabled={busy} data-testid="bo-sign-in">
          {t('bo.login.submit')}
        </button>
        <LanguageChoice />
      </form>
    </main>
  );
}

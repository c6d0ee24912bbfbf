import { Button, Checkbox, Form, Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { HeaderBar } from '../../components/header-bar.tsx';
import { openSupport } from '../../lib/support.ts';
import { callApi } from '../../lib/api-client.ts';
import { storage } from '../../lib/storage.ts';
import { startSession } from '../../lib/session.ts';

const REMEMBER_KEY = 'rememberedAccount';

/** Log in with a login id (mobile or e-mail). "Remember" keeps the id, never the password. */
export function Login() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const justRegistered = (useLocation().state as { account?: string } | null)?.account;
  const remembered = justRegistered ?? localStorage.getItem(REMEMBER_KEY) ?? storage.account();
  const submit = async (values: { account: string; password: string; remember: boolean }) => {
    setBusy(true);
    const response = await callApi('user/login', {
      account: values.account,
      password: values.password,
    });
    setBusy(false);
    if (response.status !== 1) return;
    if (values.remember) localStorage.setItem(REMEMBER_KEY, values.account);
    else localStorage.removeItem(REMEMBER_KEY);
    startSession(response.data.token, response.data.account);
    void navigate('/login/loginAfter', { replace: true });
  };
  return (
    <div className="screen no-menu">
      <HeaderBar
        title={t('login.title')}
        extra={
          <button type="button" className="header-icon" onClick={openSupport}>
            {t('login.support')}
          </button>
        }
      />
      <Form
        layout="vertical"
        initialValues={{
          account: remembered,
          remember: Boolean(localStorage.getItem(REMEMBER_KEY)),
        }}
        onFinish={submit}
        footer={
          <Button
            block
            type="submit"
            color="primary"
            size="large"
            loading={busy}
            data-testid="login-submit"
          >
            {t('login.submit')}
          </Button>
        }
      >
        <Form.Item name="account" label={t('login.account')} rules={[{ required: true }]}>
          <Input autoComplete="username" inputMode="email" data-testid="login-account" />
        </Form.Item>
        <Form.Item name="password" label={t('login.password')} rules={[{ required: true }]}>
          <Input type="password" autoComplete="current-password" data-testid="login-password" />
        </Form.Item>
        <Form.Item name="remember" valuePropName="checked">
          <Checkbox>{t('login.remember')}</Checkbox>
        </Form.Item>
      </Form>
      <div className="form-actions muted login-links">
        <Link to="/login/register">{t('login.toRegister')}</Link>
        <Link to="/login/forgot" data-testid="login-forgot">
          {t('reset.forgot')}
        </Link>
      </div>
    </div>
  );
}

import { Button, Checkbox, Form, Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { HeaderBar } from '../../components/header-bar.tsx';
import { SendCodeButton } from '../../components/send-code-button.tsx';
import { callApi } from '../../lib/api-client.ts';
import { showMessage } from '../../lib/toast.ts';
import { translateMsg } from '../../lib/i18n.ts';

interface RegisterValues {
  account: string;
  password: string;
  repassword: string;
  invite: string;
  code: string;
  agree: boolean;
}

/** Sends the registration; on success the login screen opens with the new account filled in. */
function useRegister() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const submit = async (values: RegisterValues) => {
    setBusy(true);
    const response = await callApi('user/register', {
      account: values.account.trim(),
      password: values.password,
      repassword: values.repassword,
      invite: values.invite.trim(),
      code: values.code.trim(),
      agree: values.agree ? '1' : '0',
    });
    setBusy(false);
    if (response.status !== 1) return;
    showMessage(translateMsg(response.msg));
    // The login screen opens with the new account filled in (the password is typed again).
    void navigate('/login/login', { replace: true, state: { account: values.account.trim() } });
  };
  return { busy, submit };
}

/** Registration: account, passwords, invitation code, verification code, agreement. */
export function Register() {
  const { t } = useTranslation();
  const [form] = Form.useForm<RegisterValues>();
  const { busy, submit } = useRegister();
  return (
    <div className="screen no-menu">
      <HeaderBar title={t('register.title')} />
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ agree: false }}
        footer={
          <Button
            block
            type="submit"
            color="primary"
            size="large"
            loading={busy}
            data-testid="register-submit"
          >
            {t('register.submit')}
          </Button>
        }
      >
        <Form.Item name="account" label={t('login.account')} rules={[{ required: true }]}>
          <Input autoComplete="username" data-testid="register-account" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('login.password')}
          help={t('register.passwordHint')}
          rules={[{ required: true, min: 8, max: 64 }]}
        >
          <Input type="password" autoComplete="new-password" data-testid="register-password" />
        </Form.Item>
        <Form.Item name="repassword" label={t('register.repassword')} rules={[{ required: true }]}>
          <Input type="password" autoComplete="new-password" data-testid="register-repassword" />
        </Form.Item>
        <Form.Item name="invite" label={t('register.invite')} rules={[{ required: true }]}>
          <Input data-testid="register-invite" />
        </Form.Item>
        <Form.Item
          name="code"
          label={t('register.code')}
          rules={[{ required: true }]}
          extra={
            <SendCodeButton
              purpose="register"
              testId="register-send-code"
              getAccount={() => String(form.getFieldValue('account') ?? '')}
            />
          }
        >
          <Input inputMode="numeric" maxLength={6} data-testid="register-code" />
        </Form.Item>
        <Form.Item
          name="agree"
          valuePropName="checked"
          extra={<Link to="/mine/protocol">{t('mine.protocol')}</Link>}
        >
          <Checkbox data-testid="register-agree">{t('register.agree')}</Checkbox>
        </Form.Item>
      </Form>
    </div>
  );
}

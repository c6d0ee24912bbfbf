import { Button, Form, Input } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { HeaderBar } from '../../components/header-bar.tsx';
import type { CallInput } from '@kabuto/schema/contracts';
import { callApi } from '../../lib/api-client.ts';
import { translateMsg } from '../../lib/i18n.ts';
import { showMessage } from '../../lib/toast.ts';
import { storage } from '../../lib/storage.ts';

/** The calls these forms make. */
type PasswordPath = 'user/changePassword' | 'user/setFundPassword' | 'user/changeFundPassword';

interface Field {
  readonly name: string;
  readonly label: string;
  readonly numeric?: boolean;
}

function PasswordForm({
  title,
  path,
  fields,
}: {
  title: string;
  path: PasswordPath;
  fields: readonly Field[];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const submit = async (values: Record<string, string>) => {
    setBusy(true);
    // The form's fields are the call's (see the `fields` each form passes).
    const response = await callApi(path, values as CallInput<PasswordPath>);
    setBusy(false);
    if (response.status !== 1) return;
    showMessage(translateMsg(response.msg));
    void navigate('/mine/index');
  };
  return (
    <div className="screen">
      <HeaderBar title={title} />
      <Form
        layout="vertical"
        onFinish={submit}
        footer={
          <Button block type="submit" color="primary" size="large" loading={busy}>
            {t('common.submit')}
          </Button>
        }
      >
        {fields.map((field) => (
          <Form.Item
            key={field.name}
            name={field.name}
            label={t(field.label)}
            rules={[{ required: true }]}
          >
            <Input
              type="password"
              inputMode={field.numeric ? 'numeric' : 'text'}
              maxLength={field.numeric ? 6 : 64}
            />
          </Form.Item>
        ))}
      </Form>
    </div>
  );
}

export function LoginPassword() {
  const { t } = useTranslation();
  return (
    <PasswordForm
      title={t('mine.loginPassword')}
      path="user/changePassword"
      fields={[
        { name: 'oldpassword', label: 'pwd.old' },
        { name: 'password', label: 'pwd.new' },
        { name: 'repassword', label: 'pwd.repeat' },
      ]}
    />
  );
}

/** Sets the six-digit fund password (with the login password) or changes it (with the old one). */
export function FundPassword() {
  const { t } = useTranslation();
  const [isSet, setIsSet] = useState<boolean | null>(null);
  useEffect(() => {
    void callApi('user/getUserinfo', {
      type: storage.currency(),
    }).then((r) => {
      if (r.status === 1) setIsSet(r.data.fund_password_set);
    });
  }, []);
  if (isSet === null) {
    return (
      <div className="screen">
        <HeaderBar title={t('mine.fundPassword')} />
      </div>
    );
  }
  return isSet ? (
    <PasswordForm
      title={t('mine.fundPassword')}
      path="user/changeFundPassword"
      fields={[
        { name: 'oldfundpassword', label: 'fund.old', numeric: true },
        { name: 'fundpassword', label: 'fund.new', numeric: true },
        { name: 'refundpassword', label: 'fund.repeat', numeric: true },
      ]}
    />
  ) : (
    <PasswordForm
      title={t('mine.fundPassword')}
      path="user/setFundPassword"
      fields={[
        { name: 'password', label: 'fund.loginPassword' },
        { name: 'fundpassword', label: 'fund.new', numeric: true },
        { name: 'refundpassword', label: 'fund.repeat', numeric: true },
      ]}
    />
  );
}

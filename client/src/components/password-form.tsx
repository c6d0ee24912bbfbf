import { Button, Form, Input } from 'antd-mobile';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { CallInput } from '@kabuto/schema/contracts';
import { HeaderBar } from './header-bar.tsx';
import { SendCodeButton } from './send-code-button.tsx';
import { callApi } from '../lib/api-client.ts';
import { translateMsg } from '../lib/i18n.ts';
import { showMessage } from '../lib/toast.ts';

/** The calls these forms make. */
export type PasswordPath =
  | 'user/changePassword'
  | 'user/setFundPassword'
  | 'user/changeFundPassword'
  | 'user/resetPassword'
  | 'user/resetFundPassword';

export interface PasswordField {
  readonly name: string;
  readonly label: string;
  readonly numeric?: boolean;
  /** Shown as typed (a login id), not masked. */
  readonly plain?: boolean;
}

/**
 * A code sent to the account (a reset): the code field with its Send button, to the account the
 * form names in `accountField` or to the signed-in `account`.
 */
export interface ResetCode {
  readonly purpose: 'reset' | 'fund_reset';
  readonly accountField?: string;
  readonly account?: string;
}

/** One field's input; Form.Item hands it `value` and `onChange`, passed on to the Input. */
function FieldInput({
  field,
  ...bound
}: {
  field: PasswordField;
  value?: string;
  onChange?: (value: string) => void;
}) {
  return (
    <Input
      {...bound}
      type={field.plain ? 'text' : 'password'}
      inputMode={field.numeric ? 'numeric' : field.plain ? 'email' : 'text'}
      maxLength={field.numeric ? 6 : 64}
      data-testid={`pwd-${field.name}`}
    />
  );
}

/** A form of secret fields posted to one call; on success it says so and goes to `done`. */
export function PasswordForm(props: {
  title: string;
  path: PasswordPath;
  fields: readonly PasswordField[];
  code?: ResetCode | undefined;
  done?: string | undefined;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Record<string, string>>();
  const [busy, setBusy] = useState(false);
  const submit = async (values: Record<string, string>) => {
    setBusy(true);
    // The form's fields are the call's (see the `fields` each form passes).
    const response = await callApi(props.path, values as CallInput<PasswordPath>);
    setBusy(false);
    if (response.status !== 1) return;
    showMessage(translateMsg(response.msg));
    void navigate(props.done ?? '/mine/index', { replace: true });
  };
  const code = props.code;
  const codeAccount = () =>
    code?.account ?? String(form.getFieldValue(code?.accountField ?? '') ?? '');
  return (
    <div className="screen" data-testid="password-form">
      <HeaderBar title={props.title} />
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        footer={
          <Button block type="submit" color="primary" size="large" loading={busy}>
            {t('common.submit')}
          </Button>
        }
      >
        {props.fields.map((field) => (
          <Form.Item
            key={field.name}
            name={field.name}
            label={t(field.label)}
            rules={[{ required: true }]}
          >
            <FieldInput field={field} />
          </Form.Item>
        ))}
        {code ? (
          <Form.Item
            name="code"
            label={t('register.code')}
            rules={[{ required: true }]}
            extra={
              <SendCodeButton
                purpose={code.purpose}
                testId="reset-send-code"
                getAccount={codeAccount}
              />
            }
          >
            <Input inputMode="numeric" maxLength={6} data-testid="pwd-code" />
          </Form.Item>
        ) : null}
      </Form>
      {props.footer}
    </div>
  );
}

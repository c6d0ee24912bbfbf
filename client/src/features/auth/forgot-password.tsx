import { useTranslation } from 'react-i18next';
import { PasswordForm } from '../../components/password-form.tsx';

/**
 * A forgotten login password (/login/forgot): the account, a code sent to it, the new password
 * twice. Every session of the account ends; the login screen opens after.
 */
export function ForgotPassword() {
  const { t } = useTranslation();
  return (
    <PasswordForm
      title={t('reset.title')}
      path="user/resetPassword"
      fields={[
        { name: 'account', label: 'login.account', plain: true },
        { name: 'password', label: 'pwd.new' },
        { name: 'repassword', label: 'pwd.repeat' },
      ]}
      code={{ purpose: 'reset', accountField: 'account' }}
      done="/login/login"
    />
  );
}

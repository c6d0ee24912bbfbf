import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { HeaderBar } from '../../components/header-bar.tsx';
import { PasswordForm } from '../../components/password-form.tsx';
import { callApi } from '../../lib/api-client.ts';
import { storage } from '../../lib/storage.ts';

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
      footer={
        <div className="form-actions muted">
          <Link to="/mine/fundPasswordReset" data-testid="fund-forgot">
            {t('reset.fundForgot')}
          </Link>
        </div>
      }
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

/** A forgotten fund password: the login password and a code sent to the account, then the new one. */
export function FundPasswordReset() {
  const { t } = useTranslation();
  return (
    <PasswordForm
      title={t('reset.fundTitle')}
      path="user/resetFundPassword"
      fields={[
        { name: 'password', label: 'fund.loginPassword' },
        { name: 'fundpassword', label: 'fund.new', numeric: true },
        { name: 'refundpassword', label: 'fund.repeat', numeric: true },
      ]}
      code={{ purpose: 'fund_reset', account: storage.account() }}
    />
  );
}

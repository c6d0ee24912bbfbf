import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../lib/api-client.ts';
import { translateMsg } from '../lib/i18n.ts';
import { showMessage } from '../lib/toast.ts';

/** Sends a six-digit code to the account (registration or a reset), then waits a minute. */
export function SendCodeButton(props: {
  getAccount: () => string;
  purpose: 'register' | 'reset' | 'fund_reset';
  testId: string;
}) {
  const { t } = useTranslation();
  const [waitSeconds, setWaitSeconds] = useState(0);
  const send = async () => {
    const response = await callApi('common/sendcode', {
      account: props.getAccount().trim(),
      purpose: props.purpose,
    });
    if (response.status !== 1) return;
    showMessage(translateMsg(response.msg));
    setWaitSeconds(60);
    const timer = setInterval(
      () => setWaitSeconds((s) => (s <= 1 ? (clearInterval(timer), 0) : s - 1)),
      1000,
    );
  };
  return (
    <Button size="small" disabled={waitSeconds > 0} onClick={send} data-testid={props.testId}>
      {waitSeconds > 0 ? t('register.resendIn', { seconds: waitSeconds }) : t('register.send')}
    </Button>
  );
}

import { Button, Dialog, Form, Input, List } from 'antd-mobile';
import Bowser from 'bowser';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HeaderBar } from '../../components/header-bar.tsx';
import { PullRefresh } from '../../components/pull-refresh.tsx';
import { callApi } from '../../lib/api-client.ts';
import { translateMsg } from '../../lib/i18n.ts';
import { showMessage } from '../../lib/toast.ts';
import { formatWhen } from '../../lib/format-time.ts';
import { loadList } from './funds.api.ts';
import type { SessionRow } from '@kabuto/schema/contracts';

function TotpCard({ enabled, onChange }: { enabled: boolean; onChange: () => void }) {
  const { t } = useTranslation();
  const [setup, setSetup] = useState<{ qr: string; secret: string } | null>(null);
  const [code, setCode] = useState('');
  if (enabled) {
    return (
      <div className="card" data-testid="totp-on">
        <strong>{t('money.totpOn')}</strong>
      </div>
    );
  }
  const start = async () => {
    const response = await callApi('security/totp/setup');
    if (response.status === 1) setSetup(response.data);
  };
  const enable = async () => {
    const response = await callApi('security/totp/enable', { otp: code });
    if (response.status !== 1) return;
    showMessage(translateMsg(response.msg));
    onChange();
  };
  return (
    <div className="card" data-testid="totp-card">
      <p>{t('money.totpIntro')}</p>
      {setup ? (
        <>
          <img src={setup.qr} alt="TOTP QR" className="totp-qr" data-testid="totp-qr" />
          <p className="muted totp-secret">{setup.secret}</p>
          <Input
            placeholder={t('money.otp')}
            inputMode="numeric"
            maxLength={6}
            value={code}
            onChange={setCode}
            data-testid="totp-code"
          />
          <Button block color="primary" style={{ marginTop: 8 }} onClick={() => void enable()}>
            {t('money.totpEnable')}
          </Button>
        </>
      ) : (
        <Button block onClick={() => void start()} data-testid="totp-start">
          {t('money.totpStart')}
        </Button>
      )}
    </div>
  );
}

function SessionsCard() {
  const { t } = useTranslation();
  /** "Chrome 131 on Android 14" from the stored user-agent string (bowser), never the raw string. */
  const deviceName = (userAgent: string): string | null => {
    if (!userAgent) return null;
    const parsed = Bowser.parse(userAgent);
    const browser = [parsed.browser.name, parsed.browser.version?.split('.')[0]]
      .filter(Boolean)
      .join(' ');
    const os = [parsed.os.name, parsed.os.versionName ?? parsed.os.version]
      .filter(Boolean)
      .join(' ');
    return browser && os ? t('money.browserOn', { browser, os }) : browser || os || null;
  };
  const [sessions, setSessions] = useState<SessionRow[]>([]);
  const reload = useCallback(() => loadList('user/sessions').then(setSessions), []);
  const refresh = () => void reload();
  useEffect(refresh, [reload]);
  const revoke = async (session: SessionRow) => {
    if (!(await Dialog.confirm({ content: t('money.revokeConfirm') }))) return;
    await callApi('user/revokeSession', { id: String(session.id) });
    refresh();
  };
  return (
    <PullRefresh onRefresh={reload}>
      <List header={t('money.sessions')} className="card" style={{ padding: 0 }}>
        {sessions.map((s) => (
          <List.Item
            key={s.id}
            description={`${s.ip} · ${formatWhen(s.last_seen_at)}`}
            extra={
              s.current ? (
                t('money.thisDevice')
              ) : (
                <Button size="mini" color="danger" fill="outline" onClick={() => void revoke(s)}>
                  {t('money.revoke')}
                </Button>
              )
            }
          >
            <span data-testid="session-device">
              {deviceName(s.user_agent) ?? t('money.unknownDevice')}
            </span>
          </List.Item>
        ))}
      </List>
    </PullRefresh>
  );
}

/** /mine/security: TOTP for withdrawals, the anti-phishing phrase, active sessions. */
export function SecurityScreen() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<{
    totp_enabled: boolean;
    anti_phishing_phrase: string | null;
  } | null>(null);
  const refresh = () =>
    void callApi('security/status').then((r) => r.status === 1 && setStatus(r.data));
  useEffect(refresh, []);
  const savePhrase = async (values: { phrase: string }) => {
    const response = await callApi('security/antiphishing', values);
    if (response.status === 1) showMessage(translateMsg(response.msg));
    refresh();
  };
  return (
    <div className="screen" data-testid="security-screen">
      <HeaderBar title={t('money.security')} />
      {status ? <TotpCard enabled={status.totp_enabled} onChange={refresh} /> : null}
      <Form
        layout="vertical"
        onFinish={savePhrase}
        footer={
          <Button block type="submit">
            {t('common.submit')}
          </Button>
        }
      >
        <Form.Item
          name="phrase"
          label={t('money.phrase')}
          help={
            status?.anti_phishing_phrase
              ? t('money.phraseShown', { phrase: status.anti_phishing_phrase })
              : t('money.phraseHelp')
          }
          rules={[{ required: true, min: 2, max: 32 }]}
        >
          <Input maxLength={32} data-testid="phrase-input" />
        </Form.Item>
      </Form>
      <SessionsCard />
    </div>
  );
}

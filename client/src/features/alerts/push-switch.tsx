import { Switch } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../lib/api-client.ts';
import { storage } from '../../lib/storage.ts';

type PushState = 'unsupported' | 'denied' | 'off' | 'on' | 'failed';

const supported = () =>
  'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Asks for permission, subscribes with the server's VAPID key and tells the server (in this language). */
async function subscribe(): Promise<PushState> {
  if ((await Notification.requestPermission()) !== 'granted') return 'denied';
  const key = await callApi('push/key', {}, { quiet: true });
  if (key.status !== 1) return 'failed';
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key.data.public_key,
  });
  const json = subscription.toJSON();
  const saved = await callApi(
    'push/subscribe',
    {
      endpoint: subscription.endpoint,
      p256dh: json.keys?.['p256dh'] ?? '',
      auth: json.keys?.['auth'] ?? '',
      language: storage.language(),
    },
    { quiet: true },
  );
  return saved.status === 1 ? 'on' : 'failed';
}

async function unsubscribe(): Promise<PushState> {
  const subscription = await currentSubscription();
  if (subscription) {
    await callApi('push/unsubscribe', { endpoint: subscription.endpoint }, { quiet: true });
    await subscription.unsubscribe();
  }
  return 'off';
}

/** "Notify me on this device": Web Push for fired alerts, per browser, with the reason when it cannot. */
export function PushSwitch() {
  const { t } = useTranslation();
  // What the browser allows is known at once; whether this device is subscribed, a moment later.
  const [state, setState] = useState<PushState>(() =>
    !supported() ? 'unsupported' : Notification.permission === 'denied' ? 'denied' : 'off',
  );
  useEffect(() => {
    if (!supported() || Notification.permission === 'denied') return;
    void currentSubscription().then((sub) => {
      if (sub) setState('on');
    });
  }, []);
  const toggle = (on: boolean) => {
    void (on ? subscribe() : unsubscribe()).then(setState, () => setState('failed'));
  };
  return (
    <div
      className="detail-row"
      style={{ alignItems: 'center', margin: '10px 0' }}
      data-testid="push-switch"
      data-state={state}
    >
      <div>
        <span>{t('alerts.push')}</span>
        {state === 'on' || state === 'off' ? null : (
          <p className="muted kind-hint" data-testid="push-note">
            {t(`alerts.pushNote.${state}`)}
          </p>
        )}
      </div>
      <Switch
        checked={state === 'on'}
        disabled={state === 'unsupported' || state === 'denied'}
        onChange={toggle}
      />
    </div>
  );
}

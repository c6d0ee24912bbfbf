import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const STEPS = [
  'splash.starting',
  'splash.version',
  'splash.quotes',
  'splash.hosts',
  'splash.warrants',
  'splash.done',
];

/** The loading steps of spec section 1, shown while `common/config` loads. */
export function Splash({ load, onReady }: { load: () => Promise<boolean>; onReady: () => void }) {
  const { t } = useTranslation();
  const [step, setStep] = useState(0);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let cancelled = false;
    const timer = setInterval(() => setStep((s) => Math.min(s + 1, STEPS.length - 2)), 120);
    void load().then((ok) => {
      clearInterval(timer);
      if (cancelled) return;
      if (!ok) return setFailed(true);
      setStep(STEPS.length - 1);
      setTimeout(onReady, 150);
    });
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [load, onReady, attempt]);
  return (
    <div className="splash" data-testid="splash">
      <div className="logo-mark">兜</div>
      <ol>
        {STEPS.map((key, index) => (
          <li key={key} className={index <= step ? 'done' : ''}>
            {index <= step ? '✓ ' : '· '}
            {t(key)}
          </li>
        ))}
      </ol>
      {failed ? (
        <button
          type="button"
          className="header-icon"
          onClick={() => {
            setFailed(false);
            setAttempt((a) => a + 1);
          }}
        >
          {t('splash.failed')} — {t('splash.retry')}
        </button>
      ) : null}
    </div>
  );
}

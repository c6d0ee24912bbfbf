import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { formatWhen } from '../lib/format-time.ts';
import { offline } from '../lib/last-known.ts';

/** "Offline: showing what was last loaded at 10:42": shown while a screen reads last-known data. */
export function OfflineBanner() {
  const { t } = useTranslation();
  const { staleSince } = useSnapshot(offline);
  if (staleSince === null) return null;
  return (
    <div className="offline-banner" role="status" data-testid="offline-banner">
      {t('pwa.offline', { time: formatWhen(staleSince) })}
    </div>
  );
}

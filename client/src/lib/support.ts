import { translateMsg } from './i18n.ts';
import { showMessage } from './toast.ts';
import { appConfig } from './app-config.ts';

/** Opens the configured customer-service link (`kefu`), or says it is missing. */
export function openSupport(): void {
  const link = appConfig.get('kefu');
  if (!link) return showMessage(translateMsg('support_link_missing'));
  window.open(link, '_blank', 'noopener');
}

import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { moduleMsgTexts } from '@kabuto/schema/contracts';
import { storage, type Language } from '../lib/storage.ts';
import { LOCALE_OF } from '../lib/i18n.ts';

const CONSOLE_STRINGS: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  jp: () => import('./locales/jp.json'),
  cn: () => import('./locales/cn.json'),
  us: () => import('./locales/us.json'),
};
const APP_STRINGS: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  jp: () => import('../locales/jp.json'),
  cn: () => import('../locales/cn.json'),
  us: () => import('../locales/us.json'),
};

/**
 * The console's texts in the language chosen on this browser (the app's choice, shared): its own
 * strings under `bo`, and the app's msg keys (`msg.*`) so a refusal reads the same as on a phone.
 */
export async function initConsoleI18n(): Promise<void> {
  const language = storage.language();
  const [own, app] = await Promise.all([CONSOLE_STRINGS[language](), APP_STRINGS[language]()]);
  const msg = { ...moduleMsgTexts(language), ...(app.default['msg'] as Record<string, string>) };
  await i18next.use(initReactI18next).init({
    resources: { [language]: { translation: { bo: own.default, msg } } },
    lng: language,
    interpolation: { escapeValue: false },
  });
  document.documentElement.lang = LOCALE_OF[language];
}

/** A msg key in the reader's language (the key itself if it has no text). */
export const msgText = (key: string) => i18next.t(`msg.${key}`, { defaultValue: key });

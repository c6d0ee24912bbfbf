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
const MONEY_STRINGS: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  jp: () => import('../locales/money/jp.json'),
  cn: () => import('../locales/money/cn.json'),
  us: () => import('../locales/money/us.json'),
};
const APP_STRINGS: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  jp: () => import('../locales/jp.json'),
  cn: () => import('../locales/cn.json'),
  us: () => import('../locales/us.json'),
};

/**
 * The console's texts in the language chosen on this browser (the app's choice, shared): its own
 * strings under `bo`, the app's msg keys (`msg.*`) so a refusal reads the same as on a phone, and
 * its money words (`money.*`: ID document names) so the evidence reads as the user chose it.
 */
export async function initConsoleI18n(): Promise<void> {
  const language = storage.language();
  const [own, app, money] = await Promise.all([
    CONSOLE_STRINGS[language](),
    APP_STRINGS[language](),
    MONEY_STRINGS[language](),
  ]);
  const msg = { ...moduleMsgTexts(language), ...(app.default['msg'] as Record<string, string>) };
  await i18next.use(initReactI18next).init({
    resources: {
      [language]: { translation: { bo: own.default, msg, money: money.default['money'] } },
    },
    lng: language,
    interpolation: { escapeValue: false },
  });
  document.documentElement.lang = LOCALE_OF[language];
}

/** A msg key in the reader's language (the key itself if it has no text). */
export const msgText = (key: string) => i18next.t(`msg.${key}`, { defaultValue: key });

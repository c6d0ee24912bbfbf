import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import jp from '../locales/jp.json';
import cn from '../locales/cn.json';
import us from '../locales/us.json';
import { storage, type Language } from './storage.ts';

/** The spec's language codes mapped to BCP 47 for the html lang attribute and Intl. */
/** Each language named in itself, for the language choice. */
export const LANGUAGE_NAMES: Record<Language, string> = { jp: '日本語', cn: '简体中文', us: 'English' };

export const LOCALE_OF: Record<Language, string> = { jp: 'ja-JP', cn: 'zh-CN', us: 'en-US' };

export function initI18n(): void {
  const language = storage.language();
  void i18next.use(initReactI18next).init({
    resources: { jp: { translation: jp }, cn: { translation: cn }, us: { translation: us } },
    lng: language,
    fallbackLng: 'jp',
    interpolation: { escapeValue: false },
  });
  document.documentElement.lang = LOCALE_OF[language];
}

/** Choosing a language saves it and reloads the page (spec section 1). */
export function chooseLanguage(language: Language): void {
  storage.saveLanguage(language);
  window.location.reload();
}

export function translateMsg(msg: string): string {
  return i18next.t(`msg.${msg}`, { defaultValue: msg });
}

import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { moduleMsgTexts } from '@kabuto/schema/contracts';
import { moduleStatementTexts } from '@kabuto/schema/domain';
import { storage, type Language } from './storage.ts';

/** The spec's language codes mapped to BCP 47 for the html lang attribute and Intl. */
/** Each language named in itself, for the language choice. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  jp: '日本語',
  cn: '简体中文',
  us: 'English',
};

export const LOCALE_OF: Record<Language, string> = { jp: 'ja-JP', cn: 'zh-CN', us: 'en-US' };

const LOCALES: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  jp: () => import('../locales/jp.json'),
  cn: () => import('../locales/cn.json'),
  us: () => import('../locales/us.json'),
};

/**
 * Loads only the chosen language (choosing another reloads the page) and starts i18next.
 * Every language holds every key (locales.test.ts), so there is no fallback language.
 */
export async function initI18n(): Promise<void> {
  const language = storage.language();
  const translation = (await LOCALES[language]()).default;
  await i18next.use(initReactI18next).init({
    resources: { [language]: { translation } },
    lng: language,
    interpolation: { escapeValue: false },
  });
  // The msg keys and statement lines a module ships with its texts (its manifest's `msgTexts`
  // and `statementTexts`); the locale files win.
  i18next.addResourceBundle(
    language,
    'translation',
    { msg: moduleMsgTexts(language), money: moduleStatementTexts(language) },
    true,
    false,
  );
  document.documentElement.lang = LOCALE_OF[language];
  // Rise and fall colours follow the reader's market convention (see features/quotes/quotes.css).
  document.documentElement.dataset['lang'] = language;
}

/** Strings of a feature that loads on demand, per language, merged into the translation when the feature loads. */
const FEATURE_STRINGS: Record<
  'money' | 'ipo' | 'loans' | 'intraday',
  Record<Language, () => Promise<{ default: Record<string, unknown> }>>
> = {
  money: {
    jp: () => import('../locales/money/jp.json'),
    cn: () => import('../locales/money/cn.json'),
    us: () => import('../locales/money/us.json'),
  },
  ipo: {
    jp: () => import('../locales/ipo/jp.json'),
    cn: () => import('../locales/ipo/cn.json'),
    us: () => import('../locales/ipo/us.json'),
  },
  loans: {
    jp: () => import('../locales/loans/jp.json'),
    cn: () => import('../locales/loans/cn.json'),
    us: () => import('../locales/loans/us.json'),
  },
  intraday: {
    jp: () => import('../locales/intraday/jp.json'),
    cn: () => import('../locales/intraday/cn.json'),
    us: () => import('../locales/intraday/us.json'),
  },
};

const loadedFeatures = new Set<string>();

export async function loadFeatureStrings(feature: keyof typeof FEATURE_STRINGS): Promise<void> {
  const language = storage.language();
  if (loadedFeatures.has(feature)) return;
  const strings = (await FEATURE_STRINGS[feature][language]()).default;
  i18next.addResourceBundle(language, 'translation', strings, true, true);
  loadedFeatures.add(feature);
}

/** Choosing a language saves it and reloads the page (spec section 1). */
export function chooseLanguage(language: Language): void {
  storage.saveLanguage(language);
  window.location.reload();
}

/** A msg key in the reader's language; `params` fill the placeholders of keys that take some. */
export function translateMsg(msg: string, params: Record<string, string> = {}): string {
  return i18next.t(`msg.${msg}`, { ...params, defaultValue: msg });
}

import { ConfigProvider, setDefaultConfig } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import jaJP from 'antd-mobile/es/locales/ja-JP';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import i18next from 'i18next';
import { useEffect, useState, type ReactNode } from 'react';
import type { Language } from './storage.ts';

type UiKitLocale = typeof enUS;

/** The kit's Japanese, with the one form error every empty field shows written without a space before the particle. */
const japanese: UiKitLocale = {
  ...jaJP,
  Form: {
    ...jaJP.Form,
    defaultValidateMessages: {
      ...jaJP.Form.defaultValidateMessages,
      required: '${label}を入力してください',
    },
  },
};

/** antd-mobile's own strings (form errors, dialog buttons, pickers) in the app's language. */
const UI_KIT_LOCALES: Record<Language, UiKitLocale> = { jp: japanese, cn: zhCN, us: enUS };

function localeOf(language: string): UiKitLocale {
  return UI_KIT_LOCALES[language as Language] ?? japanese;
}

/**
 * Sets the UI kit's locale from the chosen language and follows it when it changes. Imperative
 * dialogs and toasts render outside the React tree, so the kit's default config is set too.
 */
export function UiKitLocaleProvider({ children }: { children: ReactNode }) {
  const [locale, setLocale] = useState(() => localeOf(i18next.language));
  useEffect(() => {
    const follow = (language: string) => setLocale(localeOf(language));
    i18next.on('languageChanged', follow);
    return () => i18next.off('languageChanged', follow);
  }, []);
  setDefaultConfig({ locale });
  return <ConfigProvider locale={locale}>{children}</ConfigProvider>;
}

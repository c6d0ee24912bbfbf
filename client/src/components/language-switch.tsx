import { Selector } from 'antd-mobile';
import { chooseLanguage, LANGUAGE_NAMES } from '../lib/i18n.ts';
import { storage, type Language } from '../lib/storage.ts';

/** jp, cn, us; choosing saves `language` and reloads (spec section 1). */
export function LanguageSwitch() {
  const options = (Object.keys(LANGUAGE_NAMES) as Language[]).map((lang) => ({
    label: LANGUAGE_NAMES[lang],
    value: lang,
  }));
  return (
    <Selector
      columns={3}
      options={options}
      value={[storage.language()]}
      onChange={(values: Language[]) => {
        const next = values[0];
        if (next && next !== storage.language()) chooseLanguage(next);
      }}
      data-testid="language-switch"
    />
  );
}

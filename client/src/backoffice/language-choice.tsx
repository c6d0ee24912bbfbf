import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../lib/i18n.ts';
import { storage, type Language } from '../lib/storage.ts';

/** The language of this browser (shared with the app); choosing another reloads the console. */
export function LanguageChoice() {
  const { t } = useTranslation();
  return (
    <label className="bo-language">
      {t('bo.top.language')}
      <select
        value={storage.language()}
        data-testid="bo-language"
        onChange={(event) => {
          storage.saveLanguage(event.target.value as Language);
          window.location.reload();
        }}
      >
        {(Object.keys(LANGUAGE_NAMES) as Language[]).map((language) => (
          <option key={language} value={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </label>
  );
}

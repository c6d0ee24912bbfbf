/** The local storage keys of spec section 3; the only module that touches localStorage. */
export type Language = 'jp' | 'cn' | 'us';
export type DisplayCurrencyKey = 'jpy' | 'usd' | 'cny';

const LANGUAGES: readonly Language[] = ['jp', 'cn', 'us'];

export const storage = {
  token: () => localStorage.getItem('tokend') ?? '',
  account: () => localStorage.getItem('account') ?? '',
  language(): Language {
    const value = localStorage.getItem('language');
    return LANGUAGES.includes(value as Language) ? (value as Language) : 'jp';
  },
  currency(): DisplayCurrencyKey {
    const value = localStorage.getItem('stock');
    return value === 'usd' || value === 'cny' ? value : 'jpy';
  },
  searchList(): string[] {
    try {
      const parsed: unknown = JSON.parse(localStorage.getItem('searchList') ?? '[]');
      return Array.isArray(parsed) ? parsed.filter((s): s is string => typeof s === 'string') : [];
    } catch {
      return [];
    }
  },
  saveSearchList(list: readonly string[]): void {
    localStorage.setItem('searchList', JSON.stringify(list.slice(0, 20)));
  },
  saveSession(token: string, account: string): void {
    localStorage.setItem('tokend', token);
    localStorage.setItem('account', account);
  },
  clearSession(): void {
    localStorage.removeItem('tokend');
    localStorage.removeItem('account');
  },
  clearSessionAndSearch(): void {
    this.clearSession();
    localStorage.removeItem('searchList');
  },
  saveLanguage(language: Language): void {
    localStorage.setItem('language', language);
  },
  saveCurrency(currency: DisplayCurrencyKey): void {
    localStorage.setItem('stock', currency);
  },
  hasSession(): boolean {
    return Boolean(localStorage.getItem('tokend') && localStorage.getItem('account'));
  },
};

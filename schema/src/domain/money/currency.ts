/** Every currency Kabuto can hold, with its minor-unit scale (ISO 4217 exponent). */
export const CURRENCY_SCALE = {
  JPY: 0,
  USD: 2,
  CNY: 2,
  HKD: 2,
  TWD: 2,
  THB: 2,
  VND: 0,
  MYR: 2,
  KRW: 0,
  SAR: 2,
} as const;

export type Currency = keyof typeof CURRENCY_SCALE;

export const CURRENCIES = Object.keys(CURRENCY_SCALE) as Currency[];

/** The three display currencies of the app (spec section 1), as the client names them. */
export const DISPLAY_CURRENCIES = ['jpy', 'usd', 'cny'] as const;
export type DisplayCurrency = (typeof DISPLAY_CURRENCIES)[number];

export function isCurrency(code: string): code is Currency {
  return Object.hasOwn(CURRENCY_SCALE, code);
}

export function currencyFromDisplay(display: DisplayCurrency): Currency {
  return display.toUpperCase() as Currency;
}

export function scaleOf(currency: Currency): number {
  return CURRENCY_SCALE[currency];
}

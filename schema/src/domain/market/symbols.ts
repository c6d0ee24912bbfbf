/** Instrument codes: exchange codes, tickers, `IDX:` indices and `FX:` pairs. */
export const SYMBOL_PATTERN = /^[A-Z0-9.:]{1,16}$/;

/**
 * The code a new listing may take in its market: Tokyo's four characters from 1 (digits, with a
 * capital letter allowed second and fourth since 2024, e.g. 130A — not B, E, I, O, Q, V or Z), a
 * US ticker of one to five capitals, or a six-digit Shanghai (60, 68) or Shenzhen (00, 30) code.
 */
const TSE_LETTER = '[0-9ACDFGHJKLMNPRSTUWXY]';
export const NEW_LISTING_SYMBOL = {
  JP: new RegExp(`^[1-9]${TSE_LETTER}[0-9]${TSE_LETTER}$`),
  US: /^[A-Z]{1,5}$/,
  CN: /^(00|30|60|68)\d{4}$/,
} as const;

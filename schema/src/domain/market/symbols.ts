/** Instrument codes: exchange codes, tickers, `IDX:` indices and `FX:` pairs. */
export const SYMBOL_PATTERN = /^[A-Z0-9.:]{1,16}$/;

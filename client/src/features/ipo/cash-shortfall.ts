/** What a payment refused for want of cash says: the listing's currency, the amount due, the cash in it. */
export interface CashShortfall {
  readonly currency: string;
  readonly amountDue: string;
  readonly cash: string;
}

const DECIMAL = /^\d+(\.\d+)?$/;

/**
 * The details of `ipo/pay`'s `balance_insufficient` (`{currency, amount_due, cash}`), or null for
 * any other refusal or details the client cannot read (a gateway older than this client).
 */
export function cashShortfall(msg: string, details: unknown): CashShortfall | null {
  if (msg !== 'balance_insufficient' || typeof details !== 'object' || details === null) {
    return null;
  }
  const field = (name: string): unknown => Reflect.get(details, name);
  const currency = field('currency');
  const amountDue = field('amount_due');
  const cash = field('cash');
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) return null;
  if (typeof amountDue !== 'string' || !DECIMAL.test(amountDue)) return null;
  if (typeof cash !== 'string' || !DECIMAL.test(cash)) return null;
  return { currency, amountDue, cash };
}

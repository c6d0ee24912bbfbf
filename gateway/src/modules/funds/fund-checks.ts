import { Refusal } from '@kabuto/schema/contracts';
import type { Db } from '@kabuto/schema/db';
import { MoneyFormatError, parseMajor, type Currency } from '@kabuto/schema/domain';
import { kycOf } from '../kyc/public.ts';

/** Refuses unless the user's real name is verified, naming where they stand. */
export async function requireVerified(db: Db, userId: number): Promise<{ nameKana: string }> {
  const kyc = await kycOf(db, userId);
  if (kyc.state === 'verified' && kyc.nameKana) return { nameKana: kyc.nameKana };
  if (kyc.state === 'pending') throw new Refusal('kyc_pending');
  if (kyc.state === 'failed') throw new Refusal('kyc_rejected');
  throw new Refusal('kyc_required');
}

/** A positive amount in a currency's minor units; more decimals than the currency has is invalid_param. */
export function parsePositiveAmount(text: string, currency: Currency, field = 'amount'): bigint {
  try {
    const minor = parseMajor(text, currency).amountMinor;
    if (minor > 0n) return minor;
  } catch (error) {
    if (!(error instanceof MoneyFormatError)) throw error;
  }
  throw new Refusal('invalid_param', { fields: { [field]: 'amount' } });
}

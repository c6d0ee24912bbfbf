import type { WithdrawalRow } from '@kabuto/schema/contracts';
import { translateMsg } from '../../lib/i18n.ts';

/**
 * The line under a withdrawal in the recent list: why it came back, else the card it goes to. A
 * reviewer's reason is their own words; a payout the bank refused (`failed`) carries the
 * refusal's msg key, shown in the reader's language.
 */
export function withdrawalNote(
  row: Pick<WithdrawalRow, 'state' | 'reason' | 'bank_name' | 'masked_number'>,
): string {
  if (row.reason === null) return `${row.bank_name} ${row.masked_number}`;
  return row.state === 'failed' ? translateMsg(row.reason) : row.reason;
}

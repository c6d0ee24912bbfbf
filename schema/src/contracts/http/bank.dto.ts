import { z } from 'zod';

/** A bank card as `bank/list` sends it (the number in full for its owner, and masked for lists). */
export const bankCardResponse = z.object({
  card_id: z.string(),
  holder_kana: z.string(),
  bank_name: z.string(),
  branch_name: z.string(),
  branch_code: z.string(),
  card_type: z.enum(['ordinary', 'current']),
  account_number: z.string(),
  masked_number: z.string(),
});
export type BankCard = z.infer<typeof bankCardResponse>;
export const bankCardsResponse = z.array(bankCardResponse);
export const bankAddResponse = z.object({ card_id: z.string() });

import { z } from 'zod';

/** The back-office review API (`/api/admin/`): what each list and decision answers. */

const reviewRow = {
  id: z.string(),
  user_id: z.string(),
  account: z.string(),
  status: z.string(),
  reason: z.string().nullable(),
  created_at: z.number(),
};
export const adminKycListResponse = z.array(
  z.object({
    ...reviewRow,
    name_kanji: z.string(),
    name_kana: z.string(),
    id_number: z.string(),
    document_type: z.string(),
    front_upload_id: z.string(),
    back_upload_id: z.string(),
  }),
);
export const adminDepositListResponse = z.array(
  z.object({
    ...reviewRow,
    currency: z.string(),
    amount: z.string(),
    transfer_reference: z.string(),
    proof_upload_id: z.string(),
    /** The real name the user verified (kanji and kana), to match the transfer's sender. */
    verified_name: z.string().nullable(),
  }),
);
export const adminWithdrawalListResponse = z.array(
  z.object({
    ...reviewRow,
    currency: z.string(),
    amount: z.string(),
    holder_kana: z.string(),
    bank_name: z.string(),
    branch_name: z.string(),
    branch_code: z.string(),
    card_type: z.string(),
    account_number: z.string(),
  }),
);

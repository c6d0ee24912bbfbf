import { z } from 'zod';

export const KYC_STATES = ['none', 'pending', 'verified', 'failed'] as const;
export type KycState = (typeof KYC_STATES)[number];

export const kycStatusResponse = z.object({
  state: z.enum(KYC_STATES),
  reason: z.string().nullable(),
  name_kanji: z.string().nullable(),
  name_kana: z.string().nullable(),
  document_type: z.string().nullable(),
  front_upload_id: z.string().nullable(),
  back_upload_id: z.string().nullable(),
});
export type KycStatus = z.infer<typeof kycStatusResponse>;
export const kycSubmitResponse = z.object({ submission_id: z.string() });

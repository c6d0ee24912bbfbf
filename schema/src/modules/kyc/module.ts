import { defineModule } from '../define-module.ts';

/** Identity verification, reviewed by the back office (kernel). */
export const kycModule = defineModule({
  name: 'kyc',
  layer: 'kernel',
  inboxKinds: ['kyc_approved', 'kyc_rejected'],
  // No money, but the same forward-only review: pending, then approved or rejected once (I10).
  holdLifecycles: { kyc_submission: { pending: ['approved', 'rejected'] } },
});

import { defineModule } from '../define-module.ts';

/** Identity verification, reviewed by the back office (kernel). */
export const kycModule = defineModule({
  name: 'kyc',
  layer: 'kernel',
  inboxKinds: ['kyc_approved', 'kyc_rejected'],
});

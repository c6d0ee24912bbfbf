import {
  antiPhishingRequest,
  emptyRequest,
  totpEnableRequest,
  noData,
  securityStatusResponse,
  totpSetupResponse,
} from '@kabuto/schema/contracts';
import { defineUserCall, type CallDefinition } from '../../http/call.ts';
import { loadUserSecurity, setAntiPhishingPhrase } from '../kyc/public.ts';
import { startTotpEnrolment, verifyTotp } from './totp.service.ts';

export const securityStatusCall = defineUserCall({
  path: 'security/status',
  summary: 'Whether TOTP is on, and the anti-phishing phrase',
  input: emptyRequest,
  output: securityStatusResponse,
  async handle({ caller, deps }) {
    const security = await loadUserSecurity(deps.db, caller.userId);
    return {
      msg: 'ok',
      data: {
        totp_enabled: security.totpEnabled,
        anti_phishing_phrase: security.antiPhishingPhrase,
      },
    };
  },
});

export const totpSetupCall = defineUserCall({
  path: 'security/totp/setup',
  summary: 'Starts TOTP enrolment: a new secret and its QR code (inactive until confirmed)',
  input: emptyRequest,
  output: totpSetupResponse,
  async handle({ caller, deps }) {
    return { msg: 'ok', data: await startTotpEnrolment(deps, caller.userId, caller.account) };
  },
});

export const totpEnableCall = defineUserCall({
  path: 'security/totp/enable',
  summary: 'Confirms TOTP enrolment with a code from the authenticator app',
  input: totpEnableRequest,
  output: noData,
  async handle({ input, caller, deps }) {
    await verifyTotp(deps, caller.userId, input.otp, { enrolling: true });
    return { msg: 'modify_ok' };
  },
});

export const antiPhishingCall = defineUserCall({
  path: 'security/antiphishing',
  summary: 'Sets the anti-phishing phrase shown on every inbox message',
  input: antiPhishingRequest,
  output: noData,
  async handle({ input, caller, deps }) {
    await setAntiPhishingPhrase(deps.db, caller.userId, input.phrase);
    return { msg: 'modify_ok' };
  },
});

/** The security module's calls, in the order the central list shows them. */
export const SECURITY_CALLS: readonly CallDefinition[] = [
  securityStatusCall,
  totpSetupCall,
  totpEnableCall,
  antiPhishingCall,
];

import { defineModule } from '../define-module.ts';

/** Accounts, sessions, passwords (kernel): its msg keys are CONTRACT.md's (contracts/msg-keys.ts). */
export const authModule = defineModule({ name: 'auth', layer: 'kernel' });

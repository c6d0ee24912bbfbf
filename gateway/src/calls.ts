import type { CallDefinition } from './http/call.ts';
import { GATEWAY_MODULES } from './modules/index.ts';

/** Every call under /api/vue/: each gateway module's, in the module list's order. */
export const CALLS: readonly CallDefinition[] = GATEWAY_MODULES.flatMap((m) => m.calls ?? []);

/**
 * The back-office review API under /api/admin/ (header `admin-token`): the back-office login,
 * then each module's admin calls. Its screens are the back-office issue.
 */
export const ADMIN_CALLS: readonly CallDefinition[] = GATEWAY_MODULES.flatMap(
  (m) => m.adminCalls ?? [],
);

import type { CallDefinition } from './call.ts';

/** What a gateway module registers: its calls under /api/vue/ and its back-office calls. */
export interface GatewayModule {
  readonly name: string;
  readonly calls?: readonly CallDefinition[];
  readonly adminCalls?: readonly CallDefinition[];
}

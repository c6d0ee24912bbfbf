import type { z } from 'zod';
import type { SuccessKey } from '@kabuto/schema/contracts';
import type { GatewayDeps } from '../deps.ts';

/** Who is calling: filled by the auth middleware for calls that need a user. */
export interface Caller {
  readonly userId: number;
  readonly sessionId: number;
  readonly account: string;
}

export interface CallContext<I> {
  readonly input: I;
  readonly caller: Caller | null;
  readonly ip: string;
  readonly userAgent: string;
  readonly deps: GatewayDeps;
}

export interface CallResult {
  readonly msg: SuccessKey;
  readonly data?: unknown;
}

/** One POST call under /api/vue/: its path, its input schema, who may make it, what it does. */
export interface CallDefinition<S extends z.ZodType = z.ZodType> {
  readonly path: string;
  readonly summary: string;
  readonly input: S;
  readonly auth: 'none' | 'user';
  handle(context: CallContext<z.infer<S>>): Promise<CallResult>;
}

export function defineCall<S extends z.ZodType>(definition: CallDefinition<S>): CallDefinition {
  return definition as unknown as CallDefinition;
}

/** The caller of a call declared `auth: 'user'`; the middleware guarantees it is there. */
export function requireCaller(context: CallContext<unknown>): Caller {
  if (!context.caller) throw new Error('call declared auth user but has no caller');
  return context.caller;
}

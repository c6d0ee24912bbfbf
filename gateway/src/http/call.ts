import type { z } from 'zod';
import { Refusal, type SuccessKey } from '@kabuto/schema/contracts';
import type { GatewayDeps } from '../deps.ts';

/** Who is calling: filled by the auth middleware for calls that need a user. */
export interface Caller {
  readonly userId: number;
  readonly sessionId: number;
  readonly account: string;
}

export interface CallContext<I> {
  readonly input: I;
  readonly ip: string;
  readonly userAgent: string;
  readonly deps: GatewayDeps;
}

export interface UserCallContext<I> extends CallContext<I> {
  readonly caller: Caller;
}

export interface CallResult {
  readonly msg: SuccessKey;
  readonly data?: unknown;
}

/** One POST call under /api/vue/: its path, its input schema, who may make it, what it does. */
export interface CallDefinition {
  readonly path: string;
  readonly summary: string;
  readonly input: z.ZodType;
  readonly auth: 'none' | 'user';
  handle(context: CallContext<unknown> & { readonly caller: Caller | null }): Promise<CallResult>;
}

interface CallSpec<S extends z.ZodType, C> {
  readonly path: string;
  readonly summary: string;
  readonly input: S;
  handle(context: C): Promise<CallResult>;
}

/** A call anyone may make. */
export function defineCall<S extends z.ZodType>(spec: CallSpec<S, CallContext<z.infer<S>>>): CallDefinition {
  return { ...spec, auth: 'none', handle: (context) => spec.handle(context as CallContext<z.infer<S>>) };
}

/** A call that needs a logged-in user; the handler gets the caller, never null. */
export function defineUserCall<S extends z.ZodType>(spec: CallSpec<S, UserCallContext<z.infer<S>>>): CallDefinition {
  return {
    ...spec,
    auth: 'user',
    handle: ({ caller, ...context }) => {
      if (!caller) throw new Refusal('login_required');
      return spec.handle({ ...(context as CallContext<z.infer<S>>), caller });
    },
  };
}

import type { z } from 'zod';
import {
  Refusal,
  type AdminPower,
  type CallContract,
  type CallOutput,
  type SuccessKey,
} from '@kabuto/schema/contracts';
import type { GatewayDeps } from '../infra/deps.ts';

/** Who is calling: filled by the auth middleware for calls that need a user. */
export interface Caller {
  readonly userId: number;
  readonly sessionId: number;
  readonly account: string;
  /** Read with the session on every call: a barred account may still look, not trade. */
  readonly tradingBarred: boolean;
}

/** Who is calling the back-office API: filled by the admin auth for admin calls. */
export interface AdminCaller {
  readonly adminId: number;
  readonly login: string;
  readonly role: string;
  readonly sessionId: number;
  /** False until the session has passed (or enrolled) the second factor: it may only enrol. */
  readonly verified: boolean;
}

export interface CallContext<I> {
  readonly input: I;
  readonly ip: string;
  readonly userAgent: string;
  readonly deps: GatewayDeps;
  /** Uploaded files by field name (calls that declare `files`), already size-capped. */
  readonly files: Readonly<Record<string, Buffer>>;
}

export interface UserCallContext<I> extends CallContext<I> {
  readonly caller: Caller;
}

export interface AdminCallContext<I> extends CallContext<I> {
  readonly admin: AdminCaller;
}

export interface CallResult<D = unknown> {
  readonly msg: SuccessKey;
  /** The envelope's `data`, of the call's `output` schema (null when left out). */
  readonly data?: D;
  /** A file answer instead of the JSON envelope (an upload to view, a CSV statement). */
  readonly download?: {
    readonly contentType: string;
    readonly body: Buffer | string;
    readonly filename?: string;
  };
}

/** One POST call under /api/vue/: its path, its input schema, who may make it, what it does. */
export interface CallDefinition {
  readonly path: string;
  readonly summary: string;
  readonly input: z.ZodType;
  /** What the envelope's `data` holds on success (or `'file'` for a file answer). */
  readonly output: CallOutput;
  readonly auth: 'none' | 'user' | 'admin';
  /** An admin call's power (`ROLE_POWERS`): the gateway checks the caller's role has it first. */
  readonly power?: AdminPower;
  /** Multipart file fields this call takes (each one file, capped by the upload pipeline). */
  readonly files?: readonly string[];
  handle(
    context: CallContext<unknown> & {
      readonly caller: Caller | null;
      readonly admin: AdminCaller | null;
    },
  ): Promise<CallResult>;
}

/** The data a handler may answer with: what the output schema accepts. */
type DataOf<O extends CallOutput> = O extends z.ZodType ? z.input<O> : never;

interface CallSpec<S extends z.ZodType, O extends CallOutput, C> {
  readonly path: string;
  readonly summary: string;
  readonly input: S;
  readonly output: O;
  readonly files?: readonly string[];
  handle(context: C): Promise<CallResult<DataOf<O>>>;
}

/** A call anyone may make. */
export function defineCall<S extends z.ZodType, O extends CallOutput>(
  spec: CallSpec<S, O, CallContext<z.infer<S>>>,
): CallDefinition {
  return {
    ...spec,
    auth: 'none',
    handle: (context) => spec.handle(context as CallContext<z.infer<S>>),
  };
}

/** A call that needs a logged-in user; the handler gets the caller, never null. */
export function defineUserCall<S extends z.ZodType, O extends CallOutput>(
  spec: CallSpec<S, O, UserCallContext<z.infer<S>>>,
): CallDefinition {
  return {
    ...spec,
    auth: 'user',
    handle: ({ caller, admin: _admin, ...context }) => {
      if (!caller) throw new Refusal('login_required');
      return spec.handle({ ...(context as CallContext<z.infer<S>>), caller });
    },
  };
}

/**
 * A back-office call: needs an admin session whose role has the call's `power` (checked by the
 * router before the call runs); mounted under /api/admin/.
 */
export function defineAdminCall<S extends z.ZodType, O extends CallOutput>(
  spec: CallSpec<S, O, AdminCallContext<z.infer<S>>> & { readonly power: AdminPower },
): CallDefinition {
  return {
    ...spec,
    auth: 'admin',
    handle: ({ admin, caller: _caller, ...context }) => {
      if (!admin) throw new Refusal('login_required');
      return spec.handle({ ...(context as CallContext<z.infer<S>>), admin });
    },
  };
}

/**
 * A call's path, input and output as its module's contract declares them (`calls` or `adminCalls`
 * in `schema/src/modules/<m>/wiring.ts`): spread into `defineUserCall` and the like, so the
 * handler is bound to the one declaration instead of a copy of it.
 */
export function contractOf<
  M extends Readonly<Record<string, CallContract>>,
  P extends keyof M & string,
>(
  calls: M,
  path: P,
): { readonly path: P; readonly input: M[P]['input']; readonly output: M[P]['output'] } {
  const contract = calls[path] as M[P];
  return { path, input: contract.input, output: contract.output };
}

// The contract of every call: path → { input, output } schemas, declared by each module's wiring
// (`schema/src/modules/<m>/wiring.ts`) and merged here into the two central maps. The gateway binds
// its handlers to these declarations; the client takes its types from `CallMap`.
import type { z } from 'zod';
import type { CallContract } from './answers.ts';
import type { MsgKey } from '../msg-keys.ts';
import type { UnionToIntersection } from '../../modules/define-module.ts';
import { wiredCalls, type ModuleWirings } from '../../modules/wiring.ts';

/** Each module's calls (or admin calls), as its wiring declares them. */
type WiredCalls<K extends 'calls' | 'adminCalls'> = UnionToIntersection<
  ModuleWirings[number] extends infer W
    ? W extends { readonly [P in K]: infer C }
      ? C
      : never
    : never
>;

/** Every call under /api/vue/: each module's, in `MODULE_WIRING` order. */
export const CALL_CONTRACTS = wiredCalls('calls') as WiredCalls<'calls'>;

/** The back-office review API under /api/admin/. */
export const ADMIN_CALL_CONTRACTS = wiredCalls(
  'adminCalls',
) as WiredCalls<'adminCalls'> satisfies Record<string, CallContract>;

/** A form field as the client sends it: every value a string (the server coerces and checks). */
type FormOf<T> = { [K in keyof T]: string };
type AnswerOf<O> = O extends z.ZodType ? z.output<O> : Blob;
type MapOf<M extends Record<string, CallContract>> = {
  [P in keyof M]: { input: FormOf<z.input<M[P]['input']>>; output: AnswerOf<M[P]['output']> };
};

/** The client's view of every call: its form fields and its answer's `data`. */
export type CallMap = MapOf<typeof CALL_CONTRACTS>;
export type CallPath = keyof CallMap;
export type CallInput<P extends CallPath> = CallMap[P]['input'];
export type CallAnswer<P extends CallPath> = CallMap[P]['output'];
/** The back office's view of its calls. */
export type AdminCallMap = MapOf<typeof ADMIN_CALL_CONTRACTS>;

/** A call's envelope as the client sees it: its answer on success, a refusal's details otherwise. */
export type CallEnvelope<P extends CallPath> =
  { status: 1; msg: MsgKey; data: CallAnswer<P> } | { status: 0; msg: MsgKey; data: unknown };

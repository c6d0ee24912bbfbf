import { z } from 'zod';

/** The answer of a call that sends no data: the envelope's `data` is null. */
export const noData = z.null();

/** The answer of a call that sends a file (an upload to view, a CSV statement), not the envelope. */
export const FILE_ANSWER = 'file' as const;

/** What a call answers: a schema of the envelope's `data`, or a file. */
export type CallOutput = z.ZodType | typeof FILE_ANSWER;

/** One call's contract: the schema of its form input and of its answer. */
export interface CallContract {
  readonly input: z.ZodType;
  readonly output: CallOutput;
}

/** A decimal string on the wire (money, prices, rates). */
export const decimalString = z.string();
/** Names of an instrument in the three languages. */
export const namesOf = z.object({ ja: z.string(), en: z.string(), zh: z.string() });

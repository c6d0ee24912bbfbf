import type { ColumnType } from 'kysely';

/**
 * Every integer column reads back as bigint on both dialects (better-sqlite3 safe integers,
 * pg int8 parsed to BigInt). Times are epoch milliseconds. Repositories map ids to numbers.
 */
export type Id = ColumnType<bigint, bigint | number | undefined, never>;
export type Int = ColumnType<bigint, bigint | number, bigint | number>;

/**
 * A lifecycle's status column: read and inserted as the lifecycle's statuses, never set by an
 * ordinary update. `advance` and `advanceMany` (db/advance.ts) are its only writers.
 */
export type LifecycleStatus<S extends string> = ColumnType<S, S, never>;

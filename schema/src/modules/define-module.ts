/**
 * The module manifest (STYLE.md 9.8): what a module adds to the platform's central lists, declared
 * once in its own folder. `modules/index.ts` lists the manifests and every central list (msg keys,
 * inbox kinds, journal kinds, statement groups, hold lifecycles, queues, events, tables) is derived
 * from that list; `modules/wiring.ts` lists what needs the database or zod (calls, admin calls,
 * migrations, reconcile invariants).
 *
 * Two tiers, so the lists stay importable from everywhere without an import cycle: a manifest is
 * pure data (it imports nothing but its own keys and types), so the ledger core, `advance` and the
 * contracts can derive their unions from it; the wiring imports contracts and repositories, which
 * import those unions, so only the entry points (the call map, the migrator, reconcile) read it.
 * The money parts are optional: a module that moves no money declares no journal kinds.
 */

/** The client's languages (the spec's codes). */
export type MsgLanguage = 'jp' | 'cn' | 'us';

/**
 * A statement's texts in one language: each journal kind's name and memo, each group's name; and
 * the inbox messages the module sends (title and body, with `{{params}}`).
 */
export interface StatementTextsIn {
  readonly kind: Readonly<Record<string, string>>;
  readonly memo: Readonly<Record<string, string>>;
  readonly group: Readonly<Record<string, string>>;
  readonly inbox?: Readonly<Record<string, { readonly title: string; readonly body: string }>>;
}

/**
 * The statement texts a module ships with its journal kinds: the server's English memo template
 * for each kind (`memo`, with `{{params}}`), and the client's texts in each language (merged under
 * `money.`, the same params): a module adds journal kinds without editing the ledger's memo list
 * or the client's locale files.
 */
export type StatementTexts = Readonly<Record<MsgLanguage, StatementTextsIn>> & {
  readonly memo: Readonly<Record<string, string>>;
};

/** A lifecycle: per status, the statuses it may move to. */
export type Lifecycle = Readonly<Record<string, readonly string[]>>;

/** A statement filter group: its kinds, and where the screen shows it (lower first). */
export interface StatementGroupDecl<K extends string = string> {
  readonly rank: number;
  readonly kinds: readonly K[];
}

/**
 * Types a module adds to the socket events and the tables: declared with `types<T>()`, carried only
 * by the type system (no value at run time).
 */
export interface ModuleTypes {
  /** Account events of its own (`'loan:updated': LoanUpdated`). */
  readonly accountEvents?: object;
  /** Reasons it adds to `order:updated`, `fund:updated`, `message:created` (unions). */
  readonly orderUpdates?: object;
  readonly fundUpdates?: object;
  readonly messages?: object;
  /** Its queues' payloads by queue name (`'loan-interest': { date: string }`). */
  readonly queuePayloads?: object;
  /**
   * What each of its public topics says (`topics` lists their names): `{ block: BlockLots }`; a
   * socket watches one thing of a topic by its key (`block` `42`) and gets `topic:update`.
   */
  readonly topicUpdates?: object;
  /** Its Kysely tables by name. */
  readonly tables?: object;
}

export interface ModuleManifest {
  readonly name: string;
  /** Kernel modules offer public doors; products use only those. */
  readonly layer: 'kernel' | 'product';
  /** Refusal and success msg keys it adds (CONTRACT.md allows new keys); the client translates each. */
  readonly refusalKeys?: readonly string[];
  readonly successKeys?: readonly string[];
  /** Refusals that are not a plain business refusal (200): their HTTP status. */
  readonly refusalHttpStatus?: Readonly<Record<string, number>>;
  /**
   * Its own msg keys in the client's three languages, shipped with the keys (the client merges
   * them under `msg.`): a module adds keys without editing the client's locale files.
   */
  readonly msgTexts?: Readonly<Record<MsgLanguage, Readonly<Record<string, string>>>>;
  /** Inbox message kinds it sends (the client translates each). */
  readonly inboxKinds?: readonly string[];
  /**
   * Public topics it publishes (not one account's: an offer's lots left), each watched by key
   * (`topic:watch`); their payloads are `types.topicUpdates`.
   */
  readonly topics?: readonly string[];
  /** Journal kinds it posts, and the statement groups a user finds them under. */
  readonly journalKinds?: readonly string[];
  /** Platform accounts of its own (`platform:<name>`: a product's books), per currency. */
  readonly platformAccounts?: readonly `platform:${string}`[];
  readonly statementGroups?: Readonly<Record<string, StatementGroupDecl>>;
  /** Its journal kinds' and statement groups' texts (see `StatementTexts`). */
  readonly statementTexts?: StatementTexts;
  /** Hold lifecycles it owns (the one `advance` moves them). */
  readonly holdLifecycles?: Readonly<Record<string, Lifecycle>>;
  /** Its BullMQ queues: camelCase key -> kebab-case name. */
  readonly queues?: Readonly<Record<string, string>>;
  /** Type-only declarations: see `ModuleTypes`. */
  readonly types?: ModuleTypes;
}

/** Declares a module's manifest; `const` keeps every list a precise tuple for the derived unions. */
export function defineModule<const M extends ModuleManifest>(manifest: M): M {
  return manifest;
}

/** A type carried by a manifest with no value at run time: `types: types<{ ... }>()`. */
export function types<T extends ModuleTypes>(): T {
  return {} as T;
}

/** `A | B | C` to `A & B & C` (the derived records: events, tables, payloads). */
export type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (
  i: infer I,
) => void
  ? I
  : never;

type Field<M, K extends PropertyKey> = M extends { readonly [P in K]?: infer V } ? V : never;

/** The union of one list field across manifests (`refusalKeys`, `journalKinds`, ...). */
export type ListOf<Ms extends readonly ModuleManifest[], K extends keyof ModuleManifest> =
  Field<Ms[number], K> extends infer L ? (L extends readonly (infer E)[] ? E : never) : never;

/** The merge of one record field across manifests (`holdLifecycles`, `queues`, ...). */
export type RecordOf<
  Ms extends readonly ModuleManifest[],
  K extends keyof ModuleManifest,
> = UnionToIntersection<NonNullable<Field<Ms[number], K>>>;

/** The merge of one type-only field across manifests (`accountEvents`, `tables`, ...). */
export type TypesOf<
  Ms extends readonly ModuleManifest[],
  K extends keyof ModuleTypes,
> = UnionToIntersection<NonNullable<Field<NonNullable<Field<Ms[number], 'types'>>, K>>>;

/** The union of one type-only field across manifests (`orderUpdates`, `messages`, ...). */
export type UnionOf<
  Ms extends readonly ModuleManifest[],
  K extends keyof ModuleTypes,
> = NonNullable<Field<NonNullable<Field<Ms[number], 'types'>>, K>>;

/** Every manifest's entries of one list field, in the manifests' order. */
export function listOf<
  K extends
    'refusalKeys' | 'successKeys' | 'inboxKinds' | 'journalKinds' | 'platformAccounts' | 'topics',
>(manifests: readonly ModuleManifest[], key: K): string[] {
  return manifests.flatMap((m) => [...(m[key] ?? [])]);
}

/** Every manifest's entries of one record field merged; a name declared twice is a mistake. */
export function recordOf<
  K extends 'holdLifecycles' | 'queues' | 'statementGroups' | 'refusalHttpStatus',
>(
  manifests: readonly ModuleManifest[],
  key: K,
): Record<string, NonNullable<ModuleManifest[K]>[string]> {
  const merged: Record<string, NonNullable<ModuleManifest[K]>[string]> = {};
  for (const manifest of manifests) {
    for (const [name, value] of Object.entries(manifest[key] ?? {})) {
      if (name in merged) throw new Error(`${key}.${name} declared twice (${manifest.name})`);
      merged[name] = value as NonNullable<ModuleManifest[K]>[string];
    }
  }
  return merged;
}

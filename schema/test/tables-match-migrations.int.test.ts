import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectOf } from '../src/db/index.ts';
import { makeTestDb, type TestDb } from '../src/testing/index.ts';

// The hand-written table types (schema/src/db/tables.ts) against the database the migrations
// build, on the dialect under test: the same tables, the same columns, the same nullability and
// the same family of type per column. A column added to a migration and not to the types (or the
// other way round) fails here.

type Family = 'integer' | 'text';
/** `table.column` → its family, with `?` when it may be null. */
type Shape = Record<string, string>;

const TABLES_TS = join(import.meta.dirname, '../src/db/tables.ts');

/** The TypeScript names tables.ts gives its column types, by family. */
const TYPE_FAMILIES: Record<string, Family> = {
  Int: 'integer',
  Id: 'integer',
  'Generated<bigint>': 'integer',
  bigint: 'integer',
  string: 'text',
  /** A lifecycle's status (`LifecycleStatus<HoldStatus<'deposit'>>`), whatever its statuses. */
  'LifecycleStatus<…>': 'text',
  /** A column added after its table shipped (tables.ts): nullable, left out of older inserts. */
  LaterInt: 'integer',
  LaterText: 'text',
};

/** The database's names for column types, both dialects, by family. */
const SQL_FAMILIES: Record<string, Family> = {
  integer: 'integer',
  bigint: 'integer',
  int8: 'integer',
  int4: 'integer',
  text: 'text',
  'character varying': 'text',
};

function columnShape(type: string, nullable: boolean, families: Record<string, Family>): string {
  const family =
    families[type] ?? families[type.replace(/<.*>$/s, '<…>')] ?? `unknown type ${type}`;
  return nullable || type.startsWith('Later') ? `${family}?` : family;
}

const MODULES_DIR = join(import.meta.dirname, '../src/modules');

/** The `*.table.ts` files directly in each sub-folder of `dir` (or of its `db/` when `nested`). */
function tableFilesUnder(dir: string, nested: boolean): string[] {
  const folders = readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  return folders.flatMap((folder) => {
    const at = nested ? join(dir, folder.name, 'db') : join(dir, folder.name);
    if (!existsSync(at)) return [];
    return readdirSync(at)
      .filter((name) => name.endsWith('.table.ts'))
      .map((name) => join(at, name));
  });
}

/** tables.ts, and the table files beside it and in each module (`modules/<m>/db/*.table.ts`). */
function tableFiles(): string[] {
  return [
    TABLES_TS,
    ...tableFilesUnder(dirname(TABLES_TS), false),
    ...tableFilesUnder(MODULES_DIR, true),
  ];
}

/** The table maps the module manifests add to `Database` (`tables: IpoTables` in `module.ts`). */
function manifestTableMaps(): string[] {
  return readdirSync(MODULES_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(MODULES_DIR, entry.name, 'module.ts'))
    .filter((file) => existsSync(file))
    .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/\btables: (\w+)/g)])
    .map((match) => match[1] ?? '');
}

/**
 * Reads tables.ts and the module table files with the compiler: the `Database` interface (and
 * the maps it extends, wherever they are declared) names each table's interface.
 */
function shapeOfTypes(): Shape {
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  for (const file of tableFiles()) {
    const source = ts.createSourceFile(
      file,
      readFileSync(file, 'utf8'),
      ts.ScriptTarget.Latest,
      true,
    );
    source.forEachChild((node) => {
      if (ts.isInterfaceDeclaration(node)) interfaces.set(node.name.text, node);
    });
  }
  // `Database` lists its tables itself or through the per-module maps it extends; `ModuleTables`
  // is what the module manifests declare.
  const tablesOf = (name: string): ts.TypeElement[] => {
    if (name === 'ModuleTables') return manifestTableMaps().flatMap(tablesOf);
    const declaration = interfaces.get(name);
    if (!declaration) return [];
    const inherited = (declaration.heritageClauses ?? [])
      .flatMap((clause) => clause.types)
      .flatMap((type) => tablesOf(type.expression.getText()));
    return [...declaration.members, ...inherited];
  };
  const shape: Shape = {};
  for (const table of tablesOf('Database')) {
    if (!ts.isPropertySignature(table) || !table.type) continue;
    const tableName = table.name.getText();
    for (const column of interfaces.get(table.type.getText())?.members ?? []) {
      if (!ts.isPropertySignature(column) || !column.type) continue;
      const parts = column.type
        .getText()
        .split('|')
        .map((p) => p.trim());
      const nullable = parts.includes('null');
      const type = parts.filter((p) => p !== 'null').join(' | ');
      shape[`${tableName}.${column.name.getText()}`] = columnShape(type, nullable, TYPE_FAMILIES);
    }
  }
  return shape;
}

interface ColumnRow {
  table_name: string;
  column_name: string;
  data_type: string;
  nullable: number | boolean;
}

/**
 * The migrated database's columns. SQLite: a primary key counts as not null (the app never
 * writes a null key; SQLite's legacy rule would allow one in a non-integer key).
 */
async function shapeOfDatabase(testDb: TestDb): Promise<Shape> {
  const { db } = testDb;
  const query =
    dialectOf(db) === 'sqlite'
      ? sql<ColumnRow>`select m.name as table_name, p.name as column_name, lower(p.type) as data_type,
            (p."notnull" = 0 and p.pk = 0) as nullable
          from sqlite_master m join pragma_table_info(m.name) p
          where m.type = 'table' and m.name not like 'sqlite_%' and m.name not like 'kysely_%'`
      : sql<ColumnRow>`select table_name, column_name, data_type, (is_nullable = 'YES') as nullable
          from information_schema.columns
          where table_schema = current_schema() and table_name not like 'kysely_%'`;
  const { rows } = await query.execute(db);
  const shape: Shape = {};
  for (const row of rows) {
    const nullable = row.nullable === true || row.nullable === 1 || String(row.nullable) === '1';
    shape[`${row.table_name}.${row.column_name}`] = columnShape(
      row.data_type,
      nullable,
      SQL_FAMILIES,
    );
  }
  return shape;
}

let testDb: TestDb;
beforeAll(async () => {
  testDb = await makeTestDb();
});
afterAll(async () => testDb.cleanup());

describe('table types', () => {
  it('match the migrated schema: tables, columns, nullability and type family', async () => {
    const types = shapeOfTypes();
    expect(Object.keys(types).length).toBeGreaterThan(100);
    expect(await shapeOfDatabase(testDb)).toEqual(types);
  });
});

import { sql, type RawBuilder } from 'kysely';

/**
 * A LIKE operand that finds `text` anywhere in a column, its `%`, `_` and `\` taken literally
 * (`escape '\'`, the same on SQLite and PostgreSQL): the back office's searches.
 */
export function containsText(text: string): RawBuilder<string> {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<string>`${pattern} escape '\\'`;
}

/**
 * True when a statement broke a unique index, on either dialect (SQLite's extended code, or
 * PostgreSQL's SQLSTATE 23505). Callers turn it into the refusal their index stands for, so a race
 * that slips past a read check still answers with a msg key, never a 500.
 */
export function isUniqueViolation(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const text = `${String(code ?? '')} ${String(message ?? '')}`;
  return text.includes('SQLITE_CONSTRAINT_UNIQUE') || text.includes('23505');
}

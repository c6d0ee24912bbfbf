import { appendFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';

/** The SMS / e-mail vendor sits behind this interface. */
export interface Notifier {
  sendCode(message: { to: string; purpose: string; code: string }): Promise<void>;
}

/**
 * Paper mode: no message leaves the machine; each code is appended as one JSON line to
 * data/outbox.jsonl ({"to","purpose","code","at"}), where the demo user and tests read it.
 */
export function createOutboxNotifier(outboxFile: string): Notifier {
  return {
    async sendCode({ to, purpose, code }) {
      await mkdir(dirname(outboxFile), { recursive: true });
      const line = JSON.stringify({ to, purpose, code, at: new Date().toISOString() });
      await appendFile(outboxFile, `${line}\n`, { mode: 0o600 });
    },
  };
}

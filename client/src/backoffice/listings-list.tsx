import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import i18next from 'i18next';
import type { AdminCallMap } from '@kabuto/schema/contracts';
import { storage } from '../lib/storage.ts';
import { adminCall } from './admin-api.ts';
import { msgText } from './console-i18n.ts';

// The listing screens' lists: read, headed, named in the reader's language, and what the server
// said after each action.

/** A listing's or an offer's name in the console's language. */
export function nameIn(names: { readonly ja: string; readonly en: string; readonly zh: string }) {
  const language = storage.language();
  if (language === 'cn') return names.zh;
  return language === 'us' ? names.en : names.ja;
}

/**
 * What the server answered, in the reader's language: the msg key's text, with the new id on a
 * create, and for a refused field the field's label with the module's reason.
 */
export function answerText(
  answer: { ok: boolean; msg: string; data: unknown },
  fieldLabel: (name: string) => string,
): Said {
  const fields = answer.ok ? {} : ((answer.data as { fields?: object } | null)?.fields ?? {});
  const named = Object.entries(fields).map(([name, why]) => {
    const reason = i18next.t(`bo.listings.why.${String(why)}`, { defaultValue: String(why) });
    return `${fieldLabel(name)}: ${reason}`;
  });
  const id = answer.ok ? (answer.data as { id?: unknown } | null)?.id : undefined;
  if (typeof id === 'string') return { ok: true, text: `${msgText(answer.msg)} (#${id})` };
  const text =
    named.length > 0 ? `${msgText(answer.msg)} (${named.join(', ')})` : msgText(answer.msg);
  return { ok: answer.ok, text };
}

type ListPath = 'ipo/list' | 'block/list' | 'product/list';

/** A back-office list (every row, drafts and closed ones too) and a way to read it again. */
export function useAdminList<P extends ListPath>(path: P) {
  type Rows = AdminCallMap[P]['output'];
  // Each list answers an array: empty until the first answer.
  const [rows, setRows] = useState<Rows>([] as unknown as Rows);
  const load = useCallback(
    () =>
      adminCall(path).then((answer) => {
        if (answer.ok) setRows(answer.data);
      }),
    [path],
  );
  useEffect(() => void load(), [load]);
  return [rows, load] as const;
}

/** What a screen says after an action: the server's answer, good or refused. */
export interface Said {
  readonly ok: boolean;
  readonly text: string;
}

export function SaidLine({ said }: { said: Said | null }) {
  if (!said) return null;
  return (
    <p className={said.ok ? 'bo-note' : 'bo-note bo-error'} data-testid="bo-listings-said">
      {said.text}
    </p>
  );
}

/** A list's column heads (and one blank for the actions). */
export function ListHead({ cols, labels }: { cols: readonly string[]; labels: string }) {
  const { t } = useTranslation();
  return (
    <thead>
      <tr>
        {cols.map((col) => (
          <th key={col}>{t(`${labels}.${col}`)}</th>
        ))}
        <th />
      </tr>
    </thead>
  );
}

type Answer = { ok: boolean; msg: string; data: unknown };

/**
 * What every listing screen does around its form and its list: the row being edited (none: a new
 * one), what the server said last, saving (create, or update of the row edited) and an action on
 * a row after a confirmation, each reading the list again when it went through.
 */
export function useListingEdits<Row extends { id: string }, Body>(options: {
  readonly labels: string;
  readonly load: () => Promise<void>;
  readonly create: (body: Body) => Promise<Answer>;
  readonly update: (body: Body & { id: string }) => Promise<Answer>;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Row | null>(null);
  const [said, setSaid] = useState<Said | null>(null);
  const label = (name: string) => t(`${options.labels}.${name}`, { defaultValue: name });
  async function save(body: Body): Promise<boolean> {
    const answer = editing
      ? await options.update({ ...body, id: editing.id })
      : await options.create(body);
    setSaid(answerText(answer, label));
    if (answer.ok) {
      setEditing(null);
      void options.load();
    }
    return answer.ok;
  }
  const act = (question: string, run: () => Promise<Answer>) => {
    if (!window.confirm(question)) return;
    void run().then((answer) => {
      setSaid(answerText(answer, label));
      return options.load();
    });
  };
  return { editing, setEditing, said, save, act };
}

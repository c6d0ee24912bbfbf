import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Market } from '@kabuto/schema/market';
import { exchangeEpoch, zoneId, zoneName } from './exchange-time.ts';

/**
 * How a listing form asks for one field of a call: free text, a whole number or an amount (typed
 * with or without thousands separators, sent without), a time (the exchange's wall clock,
 * "YYYY-MM-DD HH:mm", sent as epoch ms), a day, or one of a few values. Only the shape of the
 * input: every rule on the value is the module's, shown by its refusal.
 */
export type FieldSpec =
  | {
      kind: 'text' | 'number' | 'amount' | 'day' | 'secret';
      optional?: boolean;
      hint?: string;
      /** What the value is in, named beside the input (a currency). */
      unit?: string;
      /** A line under the input, already in the reader's language (a lot's shares). */
      note?: string;
    }
  | { kind: 'time'; market: Market; optional?: boolean; hint?: string }
  | { kind: 'choice'; options: readonly string[]; labels: string; optional?: boolean };

/** Each field's spec; a screen may work it out from what is typed so far (the market, say). */
export type FormSpec<F extends string> =
  Record<F, FieldSpec> | ((values: Partial<Record<F, string>>) => Record<F, FieldSpec>);

const PATTERNS = {
  time: { pattern: '\\d{4}-\\d{2}-\\d{2}[ T]\\d{2}:\\d{2}', placeholder: 'YYYY-MM-DD HH:mm' },
  day: { pattern: '\\d{4}-\\d{2}-\\d{2}', placeholder: 'YYYY-MM-DD' },
};

/** "1,500" or "1，500" as the call takes it: "1500". */
const withoutSeparators = (value: string) => value.replace(/[,，\s]/g, '');

function FieldInput({ name, spec, value }: { name: string; spec: FieldSpec; value: string }) {
  const { t } = useTranslation();
  const required = !spec.optional;
  if (spec.kind === 'choice') {
    // A new set of options (another market's boards) starts again at its first.
    return (
      <select
        key={spec.options.join()}
        name={name}
        defaultValue={spec.options.includes(value) ? value : spec.options[0]}
        required={required}
      >
        {spec.options.map((option) => (
          <option key={option} value={option}>
            {t(`${spec.labels}.${option}`, { defaultValue: option })}
          </option>
        ))}
      </select>
    );
  }
  // Everything is typed as text: dates and times too, so no browser locale reorders them or
  // turns them into a 12-hour clock. The module checks the values and says why it refuses one.
  const shape = spec.kind === 'time' || spec.kind === 'day' ? PATTERNS[spec.kind] : {};
  const numeric = ['number', 'amount'].includes(spec.kind) ? { inputMode: 'decimal' as const } : {};
  const secret = spec.kind === 'secret' ? { autoComplete: 'off' } : {};
  const input = (
    <input
      name={name}
      type="text"
      defaultValue={value}
      required={required}
      {...shape}
      {...numeric}
      {...secret}
      style={{ minWidth: 0 }}
    />
  );
  const unit = unitOf(spec);
  if (!unit) return input;
  return (
    <span style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
      {input}
      <span className="bo-muted" title={unit.title} data-testid={`bo-unit-${name}`}>
        {unit.text}
      </span>
    </span>
  );
}

/** A field's value as the call takes it: a time as epoch ms, numbers without separators. */
function sent(spec: FieldSpec, value: string): string {
  if (spec.kind === 'time') return String(exchangeEpoch(value, spec.market) ?? '');
  return spec.kind === 'number' || spec.kind === 'amount' ? withoutSeparators(value) : value;
}

function valuesOf<F extends string>(form: HTMLFormElement): Partial<Record<F, string>> {
  const data = new FormData(form);
  return Object.fromEntries([...data.keys()].map((k) => [k, String(data.get(k))])) as Partial<
    Record<F, string>
  >;
}

/** What is named beside an input: a time's zone (its IANA name on hover), an amount's currency. */
function unitOf(spec: FieldSpec): { text: string; title?: string } | null {
  if (spec.kind === 'time') return { text: zoneName(spec.market), title: zoneId(spec.market) };
  return 'unit' in spec && spec.unit ? { text: spec.unit } : null;
}

/** The lines under an input: the rule it follows (a key) and a note (already in words). */
function FieldNotes({ spec }: { spec: FieldSpec }) {
  const { t } = useTranslation();
  const lines = [
    'hint' in spec && spec.hint ? t(spec.hint) : '',
    'note' in spec && spec.note ? spec.note : '',
  ].filter(Boolean);
  return lines.map((line) => (
    <span key={line} className="bo-rule">
      {line}
    </span>
  ));
}

/**
 * Every field a create or update call takes, labelled in the reader's language; the same form
 * edits (filled from the row) or creates (blank). The server decides; the form only sends.
 */
export function TermsForm<F extends string>(props: {
  spec: FormSpec<F>;
  labels: string;
  title: string;
  submit: string;
  initial?: Partial<Record<F, string>>;
  onSubmit: (body: Record<F, string>) => Promise<boolean>;
  onCancel?: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const initial: Partial<Record<F, string>> = props.initial ?? {};
  const [values, setValues] = useState(initial);
  const spec = typeof props.spec === 'function' ? props.spec(values) : props.spec;
  // An edit opens the form below the list: bring it into view.
  const form = useRef<HTMLFormElement>(null);
  const editing = Boolean(props.onCancel);
  useEffect(() => {
    if (editing) form.current?.scrollIntoView({ block: 'nearest' });
  }, [editing]);
  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    const typed = valuesOf<F>(element);
    const names = Object.keys(spec) as F[];
    const body = Object.fromEntries(names.map((n) => [n, sent(spec[n], typed[n] ?? '')]));
    if (!(await props.onSubmit(body as Record<F, string>))) return;
    element.reset();
    setValues(valuesOf<F>(element));
  }
  return (
    <form
      ref={form}
      className="bo-card bo-terms-form"
      onSubmit={(e) => void send(e)}
      onChange={(e) => setValues(valuesOf<F>(e.currentTarget))}
      data-testid={props.testId}
    >
      <h2>{props.title}</h2>
      {(Object.keys(spec) as F[]).map((name) => (
        <label key={name} className="bo-field">
          <span>
            {t(`${props.labels}.${name}`)}
            {spec[name].optional ? t('bo.listings.optional') : ''}
          </span>
          <FieldInput name={name} spec={spec[name]} value={initial[name] ?? ''} />
          <FieldNotes spec={spec[name]} />
        </label>
      ))}
      <p className="bo-muted bo-terms-zone">{t('bo.listings.timeZone')}</p>
      <div className="bo-buttons bo-terms-buttons">
        <button type="submit" className="bo-primary" data-testid={`${props.testId}-submit`}>
          {props.submit}
        </button>
        {props.onCancel ? (
          <button type="button" onClick={props.onCancel}>
            {t('bo.listings.cancel')}
          </button>
        ) : null}
      </div>
    </form>
  );
}

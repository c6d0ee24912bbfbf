import { useEffect, useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * How a listing form asks for one field of a call: free text, a whole number, a time (a
 * datetime-local input in this browser's zone, sent as epoch ms), a day, or one of a few values.
 * Only the shape of the input: every rule on the value is the module's, shown by its refusal.
 */
export type FieldSpec =
  | { kind: 'text' | 'number' | 'time' | 'day' | 'secret'; optional?: boolean; hint?: string }
  | { kind: 'choice'; options: readonly string[]; labels: string; optional?: boolean };

/** Epoch ms as a datetime-local input's value, in this browser's time zone. */
export function localInput(ms: number): string {
  const at = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  const day = `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}`;
  return `${day}T${two(at.getHours())}:${two(at.getMinutes())}`;
}

/** A datetime-local input's value as epoch ms (what the calls take); blank stays blank. */
export function epochOf(value: string): string {
  const ms = value ? new Date(value).getTime() : NaN;
  return Number.isFinite(ms) ? String(ms) : '';
}

function FieldInput({ name, spec, value }: { name: string; spec: FieldSpec; value: string }) {
  const { t } = useTranslation();
  const required = !spec.optional;
  if (spec.kind === 'choice') {
    return (
      <select name={name} defaultValue={value || spec.options[0]} required={required}>
        {spec.options.map((option) => (
          <option key={option} value={option}>
            {t(`${spec.labels}.${option}`, { defaultValue: option })}
          </option>
        ))}
      </select>
    );
  }
  // Whole numbers are typed as text: the module checks them and says why it refuses one.
  const type = { text: 'text', number: 'text', time: 'datetime-local', day: 'date' }[
    spec.kind === 'secret' ? 'text' : spec.kind
  ];
  const numeric = spec.kind === 'number' ? { inputMode: 'numeric' as const } : {};
  const secret = spec.kind === 'secret' ? { autoComplete: 'off' } : {};
  return (
    <input
      name={name}
      type={type}
      defaultValue={value}
      required={required}
      {...numeric}
      {...secret}
    />
  );
}

/** The form's values as the call takes them: times as epoch ms, the rest as typed. */
function bodyOf<F extends string>(form: HTMLFormElement, spec: Record<F, FieldSpec>) {
  const data = new FormData(form);
  const entries = (Object.keys(spec) as F[]).map((name) => {
    const value = String(data.get(name) ?? '');
    return [name, spec[name].kind === 'time' ? epochOf(value) : value] as const;
  });
  return Object.fromEntries(entries) as Record<F, string>;
}

/**
 * Every field a create or update call takes, labelled in the reader's language; the same form
 * edits (filled from the row) or creates (blank). The server decides; the form only sends.
 */
export function TermsForm<F extends string>(props: {
  spec: Record<F, FieldSpec>;
  labels: string;
  title: string;
  submit: string;
  initial?: Partial<Record<F, string>>;
  onSubmit: (body: Record<F, string>) => Promise<boolean>;
  onCancel?: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const { spec, labels } = props;
  const initial: Partial<Record<F, string>> = props.initial ?? {};
  // An edit opens the form below the list: bring it into view.
  const form = useRef<HTMLFormElement>(null);
  const editing = Boolean(props.onCancel);
  useEffect(() => {
    if (editing) form.current?.scrollIntoView({ block: 'nearest' });
  }, [editing]);
  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    if (await props.onSubmit(bodyOf(element, spec))) element.reset();
  }
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <form
      ref={form}
      className="bo-card bo-terms-form"
      onSubmit={(e) => void send(e)}
      data-testid={props.testId}
    >
      <h2>{props.title}</h2>
      {(Object.keys(spec) as F[]).map((name) => (
        <label key={name} className="bo-field">
          <span>
            {t(`${labels}.${name}`)}
            {spec[name].optional ? t('bo.listings.optional') : ''}
          </span>
          <FieldInput name={name} spec={spec[name]} value={initial[name] ?? ''} />
          {'hint' in spec[name] && spec[name].hint ? (
            <span className="bo-rule">{t(spec[name].hint)}</span>
          ) : null}
        </label>
      ))}
      <p className="bo-muted bo-terms-zone">{t('bo.listings.timeZone', { zone })}</p>
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

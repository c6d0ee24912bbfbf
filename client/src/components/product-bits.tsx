import type { ReactNode } from 'react';
import { translateMsg } from '../lib/i18n.ts';
import './product-card.css';

/** One labelled value of a detail card. */
export function Field({
  label,
  children,
  id,
}: {
  label: string;
  children: ReactNode;
  id?: string;
}) {
  return (
    <div className="detail-row" style={{ alignItems: 'baseline' }}>
      <span className="muted">{label}</span>
      <span className="ipo-value" data-testid={id}>
        {children}
      </span>
    </div>
  );
}

/** A figure shown as given, or a dash when there is none yet. */
export const orDash = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? '--' : String(value);

/** A refusal stays on screen in words until the next attempt (a toast alone could be missed). */
export function RefusalNote({ msg, id }: { msg: string | null; id: string }) {
  if (!msg) return null;
  return (
    <div className="ipo-refusal" role="alert" data-testid={id} data-msg={msg}>
      {translateMsg(msg)}
    </div>
  );
}

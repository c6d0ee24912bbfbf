import type { ReactNode } from 'react';

/** The brand header of the start and welcome screens. */
export function Hero({ title, subtitle }: { title: ReactNode; subtitle: ReactNode }) {
  return (
    <div className="hero">
      <div className="logo-mark">兜</div>
      <h1>{title}</h1>
      <p>{subtitle}</p>
    </div>
  );
}

import type { ReactNode } from 'react';

/** The body of a screen that a later release fills in. */
export function ComingSoon({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section className="coming-soon card" aria-label={label}>
      <svg className="coming-soon__icon" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
        <circle cx="24" cy="24" r="20" fill="none" stroke="currentColor" strokeWidth="3" />
        <path d="M24 13v12l8 5" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <p className="coming-soon__badge">{label}</p>
      <div className="coming-soon__text">{children}</div>
    </section>
  );
}

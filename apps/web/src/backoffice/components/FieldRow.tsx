import type { ReactNode } from 'react';

/** One label and value of a record's fields (inside a `<dl className="bo-fields">`). */
export function FieldRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="bo-fields__row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

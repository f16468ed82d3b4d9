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

/** A record's fields, label and value in order, as one `bo-fields` list. */
export function FieldList({ rows, testId }: { rows: readonly (readonly [string, ReactNode])[]; testId?: string }) {
  return (
    <dl className="bo-fields" data-testid={testId}>
      {rows.map(([label, value]) => (
        <FieldRow key={label} label={label}>
          {value}
        </FieldRow>
      ))}
    </dl>
  );
}

import { useId } from 'react';
import type { FlagBetType } from '@karera/shared';
import { betTypeName, toggleBetType } from './raceday.ts';

export interface BetTypeChecksProps {
  legend: string;
  hint?: string;
  /** The bet types that can be ticked, in table order. */
  options: readonly FlagBetType[];
  value: readonly FlagBetType[];
  onChange: (next: FlagBetType[]) => void;
  error?: string | undefined;
  disabled?: boolean;
}

/** A group of checkboxes, one per flag-enabled bet type, labelled with the bet-type table's names. */
export function BetTypeChecks({ legend, hint, options, value, onChange, error, disabled }: BetTypeChecksProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className="bo-checks" aria-describedby={describedBy}>
      <legend className="field__label">{legend}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="field__hint bo-checks__hint">
          {hint}
        </p>
      ) : null}
      <div className="bo-checks__grid">
        {options.map((code) => (
          <label key={code} className="bo-check">
            <input
              type="checkbox"
              name="enabledBetTypes"
              value={code}
              checked={value.includes(code)}
              disabled={disabled}
              onChange={(event) => onChange(toggleBetType(value, code, event.target.checked))}
            />
            <span>{betTypeName(code)}</span>
          </label>
        ))}
      </div>
      {error ? (
        <span id={`${id}-error`} className="field__error" role="alert">
          {error}
        </span>
      ) : null}
    </fieldset>
  );
}

import { useEffect, useId, useState } from 'react';
import { useRecordsQuery, type RecordKind, type RecordOption } from '../lib/records.ts';
import { useT } from '../i18n/useT.ts';
import './RecordTypeAhead.css';

export interface RecordTypeAheadProps {
  kind: RecordKind;
  label: string;
  /** The text in the box (a typed name, or the picked record's name). */
  value: string;
  onChange: (text: string) => void;
  /** A record picked from the list. */
  onPick: (record: RecordOption) => void;
  /** The record picked, when the text is still its name: the box says so. */
  pickedId?: number | undefined;
  error?: string | undefined;
  hint?: string | undefined;
  id?: string;
  name?: string;
}

const DEBOUNCE_MS = 250;

/**
 * A combobox (WAI-ARIA list autocomplete): typing lists the records whose name starts with the text; arrows
 * move through them, Enter or a press picks one, Escape closes the list. What is typed stays the value, so a
 * name not in the list can still be entered where the form allows it.
 */
export function RecordTypeAhead({
  kind,
  label,
  value,
  onChange,
  onPick,
  pickedId,
  error,
  hint,
  id,
  name,
}: RecordTypeAheadProps) {
  const t = useT();
  const autoId = useId();
  const inputId = id ?? autoId;
  const listId = `${inputId}-list`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [query, setQuery] = useState(value.trim());
  useEffect(() => {
    const timer = setTimeout(() => setQuery(value.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  const results = useRecordsQuery(kind, query, 1, open && query !== '');
  const options = open && query !== '' ? (results.data?.options ?? []) : [];
  const expanded = open && options.length > 0;

  function pick(option: RecordOption) {
    onPick(option);
    setOpen(false);
    setActive(-1);
  }

  const describedBy =
    [error ? errorId : '', hint || pickedId !== undefined ? hintId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field bo-typeahead">
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        name={name}
        className="field__input"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        maxLength={60}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && options.length > 0) {
            event.preventDefault();
            setOpen(true);
            setActive((current) => (current + 1) % options.length);
          } else if (event.key === 'ArrowUp' && options.length > 0) {
            event.preventDefault();
            setActive((current) => (current <= 0 ? options.length - 1 : current - 1));
          } else if (event.key === 'Enter' && expanded && active >= 0) {
            const option = options[active];
            if (option) {
              event.preventDefault();
              pick(option);
            }
          } else if (event.key === 'Escape' && expanded) {
            event.preventDefault();
            setOpen(false);
          }
        }}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={t('records.suggestions')}
        className="bo-typeahead__list"
        hidden={!expanded}
      >
        {options.map((option, index) => (
          <li
            key={option.id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className="bo-typeahead__option"
            // Picked before the input's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              pick(option);
            }}
          >
            <span>{option.name}</span>
            {option.detail ? <span className="bo-muted"> · {option.detail}</span> : null}
          </li>
        ))}
      </ul>
      {hint || pickedId !== undefined ? (
        <span id={hintId} className="field__hint">
          {pickedId !== undefined ? t('records.picked', { id: pickedId }) : hint}
        </span>
      ) : null}
      {error ? (
        <span id={errorId} className="field__error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}

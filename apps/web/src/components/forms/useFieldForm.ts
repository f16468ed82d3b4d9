import { useRef, useState, type ChangeEvent } from 'react';

/**
 * A public form of named text fields, each with its own message beside it (the contact form, the
 * master-agent application): the values as typed, the messages in the reader's language, and the
 * focus on a field. A message goes when its field is edited; `onEdit` runs on every edit.
 * `Field` may name more fields than `Values` holds (the application's photos have messages too).
 */
export function useFieldForm<Values extends Record<keyof Values, string>, Field extends string = keyof Values & string>(
  empty: Values,
  text: (message: string) => string,
  onEdit?: () => void,
) {
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const formRef = useRef<HTMLFormElement>(null);

  function update(field: keyof Values & Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
    onEdit?.();
  }

  function errorText(field: Field): string | undefined {
    const message = errors[field];
    return message ? text(message) : undefined;
  }

  /** What a text field of the form takes: its name, value, edit and message. */
  function field(name: keyof Values & Field) {
    return {
      name,
      value: values[name],
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
        update(name, event.target.value),
      error: errorText(name),
    };
  }

  function focusField(name: Field | undefined) {
    if (!name) return;
    const element = formRef.current?.elements.namedItem(name);
    if (element instanceof HTMLElement) element.focus();
  }

  return { values, setValues, errors, setErrors, formRef, update, errorText, field, focusField };
}

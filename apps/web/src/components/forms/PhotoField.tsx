import { useEffect, useId, useState } from 'react';
import './PhotoField.css';

/** What the server takes (it checks the bytes again): JPEG, PNG or WebP. */
export const PHOTO_FIELD_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/webp'];

export interface PhotoFieldProps {
  name: string;
  label: string;
  hint: string;
  /** Alt text of the preview. */
  previewLabel: string;
  file: File | null;
  error?: string | undefined;
  onChange: (file: File | null) => void;
}

/**
 * A labelled photo input (JPEG, PNG or WebP) with a preview of the chosen photo: master-agent
 * applications and identity verification.
 */
export function PhotoField({ name, label, hint, previewLabel, file, error, onChange }: PhotoFieldProps) {
  const id = useId();
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!file || !PHOTO_FIELD_TYPES.includes(file.type)) {
      setPreviewUrl(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const describedBy = [error ? `${id}-error` : '', `${id}-hint`].filter(Boolean).join(' ');
  return (
    <div className="field photo-field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="file"
        accept={PHOTO_FIELD_TYPES.join(',')}
        className="field__input photo-field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.files?.[0] ?? null)}
      />
      <span id={`${id}-hint`} className="field__hint">
        {hint}
      </span>
      {previewUrl ? (
        <img className="photo-field__preview" src={previewUrl} alt={previewLabel} data-testid={`${name}-preview`} />
      ) : null}
      {error ? (
        <span id={`${id}-error`} className="field__error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}

import type { InputHTMLAttributes } from 'react';

/** A labelled input with its error under it, tied together for screen readers. */
export function TextField({ label, error, name, ...input }: { label: string; error?: string; name: string } & InputHTMLAttributes<HTMLInputElement>) {
  const errorId = `${name}-error`;
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <input name={name} aria-invalid={!!error} aria-describedby={error ? errorId : undefined} data-testid={`settings-${name}`} {...input} />
      {error && (
        <span className="form-error" id={errorId} role="alert" data-testid={`settings-${name}-error`}>
          {error}
        </span>
      )}
    </label>
  );
}

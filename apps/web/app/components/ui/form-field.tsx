import type { ReactNode } from 'react';

interface FormFieldProps {
  /** The control's id; the label, hint and error are tied to it. */
  id: string;
  label: string;
  required?: boolean;
  /** Shown under the control (role=alert), also its accessible description. */
  error?: string;
  hint?: ReactNode;
  wide?: boolean;
  /** Say 「（選填）」 after the label of an optional field (off inside a group that says it once). */
  markOptional?: boolean;
  children: ReactNode;
}

/** A labelled form control with its hint and error text. */
export function FormField(props: FormFieldProps) {
  const { id, label, required = false, error, hint, wide = false, markOptional = true, children } = props;
  return (
    <div className={`field${wide ? ' field--wide' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required ? (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : markOptional ? (
          <span className="field__optional">（選填）</span>
        ) : null}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="field__note">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** aria attributes of a control inside a FormField. */
export function fieldAria(id: string, error: string | undefined, hint = false) {
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return {
    id,
    'aria-invalid': error ? (true as const) : undefined,
    'aria-describedby': describedBy || undefined,
  };
}

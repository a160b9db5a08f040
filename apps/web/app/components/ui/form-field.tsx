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
      <FieldLabel id={id} label={label} required={required} markOptional={markOptional} />
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="field__note">
          {hint}
        </p>
      ) : null}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A control's label: a required field's star, or 「（選填）」 after an optional one when `markOptional`. */
export function FieldLabel({
  id,
  label,
  required,
  markOptional,
}: {
  id: string;
  label: string;
  required: boolean;
  markOptional: boolean;
}) {
  return (
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
  );
}

/** The error under a control (role=alert); `${id}-error` is what the control's aria-describedby names. */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={`${id}-error`} className="field-error" role="alert">
      {error}
    </p>
  ) : null;
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

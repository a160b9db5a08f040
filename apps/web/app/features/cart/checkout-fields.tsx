import type { ReactElement } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { CheckoutField, CheckoutValues } from './checkout-values.ts';

/** How every checkout field is labelled, tied to its error, and told it is invalid. */
export interface CheckoutFields {
  /** The form's own id prefix (useId), so two forms on a page never share ids. */
  uid: string;
  fieldId: (name: CheckoutField) => string;
  /** id and ARIA attributes of the field's control. */
  control: (name: CheckoutField) => {
    id: string;
    'aria-invalid': boolean | undefined;
    'aria-describedby': string | undefined;
  };
  error: (name: CheckoutField) => ReactElement | null;
  label: (name: CheckoutField, text: string, required?: boolean) => ReactElement;
  errors: FieldErrors<CheckoutValues>;
}

/** What each section of the checkout form is given. */
export interface CheckoutSectionProps {
  fields: CheckoutFields;
  register: UseFormRegister<CheckoutValues>;
}

export function checkoutFields(uid: string, errors: FieldErrors<CheckoutValues>): CheckoutFields {
  const fieldId = (name: CheckoutField) => `${uid}-${name}`;
  const control = (name: CheckoutField) => ({
    id: fieldId(name),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${fieldId(name)}-error` : undefined,
  });
  const error = (name: CheckoutField) =>
    errors[name]?.message ? (
      <p id={`${fieldId(name)}-error`} className="field-error" role="alert">
        {errors[name]?.message}
      </p>
    ) : null;
  const label = (name: CheckoutField, text: string, required = true) => (
    <label htmlFor={fieldId(name)}>
      {text}
      {required ? (
        <span className="field__required" aria-hidden="true">
          {' '}
          *
        </span>
      ) : null}
    </label>
  );
  return { uid, fieldId, control, error, label, errors };
}

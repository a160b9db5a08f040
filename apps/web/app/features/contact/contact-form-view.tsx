import type { ElementType, FormHTMLAttributes, InputHTMLAttributes, Ref } from 'react';

/**
 * spec §9: text areas hold at most 200 characters. Same value as the domain's CONTENT_MAX, which
 * lives beside the Zod schemas: importing it here would put Zod into the home page's first load.
 */
export const CONTENT_MAX = 200;

export const CONTACT_FIELDS = ['name', 'phone', 'email', 'content'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactValues = Record<ContactField, string>;
export const EMPTY_CONTACT: ContactValues = { name: '', phone: '', email: '', content: '' };

export interface ContactResult {
  ok: boolean;
  text: string;
}

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement & HTMLTextAreaElement>, 'ref'> & { ref?: Ref<never> };

interface ContactFormViewProps {
  idBase: string;
  /** Props for one field's control (React Hook Form's register(), or plain name/defaultValue). */
  fieldProps: (name: ContactField) => FieldProps;
  errors: Partial<Record<ContactField, string>>;
  contentLength: number;
  submitting: boolean;
  result: ContactResult | null;
  formProps: FormHTMLAttributes<HTMLFormElement> & { ref?: Ref<HTMLFormElement> } & Record<string, unknown>;
  /** `form`, or React Router's Form for the first-paint version that posts to the route action. */
  formAs?: ElementType;
}

/**
 * The contact form's markup (spec §5), shared by the interactive form and the light first-paint
 * version, so swapping one for the other never moves anything on the page.
 */
export function ContactFormView({ idBase, fieldProps, errors, contentLength, submitting, result, formProps, formAs: FormElement = 'form' }: ContactFormViewProps) {
  const control = (name: ContactField) => ({
    id: `${idBase}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${idBase}-${name}-error` : undefined,
    ...fieldProps(name),
  });
  const error = (name: ContactField) =>
    errors[name] ? (
      <p id={`${idBase}-${name}-error`} className="field-error" role="alert">
        {errors[name]}
      </p>
    ) : null;
  const label = (name: ContactField, text: string) => (
    <label htmlFor={`${idBase}-${name}`}>
      {text} <span className="field__required" aria-hidden="true">*</span>
    </label>
  );
  return (
    <FormElement className="contact-form" noValidate {...formProps}>
      <div className="contact-form__grid">
        <div className="field">
          {label('name', '姓名')}
          <input type="text" autoComplete="name" required {...control('name')} />
          {error('name')}
        </div>
        <div className="field">
          {label('phone', '聯絡電話')}
          <input type="tel" autoComplete="tel" inputMode="tel" required {...control('phone')} />
          {error('phone')}
        </div>
        <div className="field field--wide">
          {label('email', 'Email')}
          <input type="email" autoComplete="email" inputMode="email" required {...control('email')} />
          {error('email')}
        </div>
        <div className="field field--wide">
          {label('content', '留言內容')}
          <textarea rows={5} maxLength={CONTENT_MAX} required {...(control('content') as object)} />
          <p className="field__hint">
            {contentLength} / {CONTENT_MAX}
          </p>
          {error('content')}
        </div>
      </div>
      <div className="contact-form__actions">
        <button type="submit" className="button button--primary" disabled={submitting}>
          {submitting ? '送出中…' : '送出'}
        </button>
        <p className={`form-result${result ? (result.ok ? ' form-result--ok' : ' form-result--error') : ''}`} role="status">
          {result?.text}
        </p>
      </div>
    </FormElement>
  );
}

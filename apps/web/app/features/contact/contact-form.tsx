import { msg, type ContactMessage } from '@shop/domain';
import { useId, useState } from 'react';
import { useForm, useWatch, type Control, type Resolver, type UseFormReturn } from 'react-hook-form';
import { Form } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { sendContactMessage } from '../../api/contact.ts';
import { useApi } from '../../api/use-api.ts';
import type { contactResolver } from './contact-resolver.ts';

/**
 * spec §9: text areas hold at most 200 characters. Same value as the domain's TEXT_AREA_MAX, which
 * lives beside the Zod schemas: importing it here would put Zod into the home page's first load.
 */
export const CONTENT_MAX = 200;

const FIELDS = ['name', 'phone_region', 'phone', 'email', 'content'] as const;
type Field = (typeof FIELDS)[number];
const EMPTY: ContactMessage = { name: '', phone_region: 'TW', phone: '', email: '', content: '' };

/**
 * The regions of spec §5's phone patterns (issue 23 item 2). The names and codes are the domain's
 * PHONE_REGION_INFO, written out here so the first load carries no Zod (see CONTENT_MAX).
 */
const REGIONS = [
  { value: 'TW', label: '台灣 +886' },
  { value: 'CN', label: '中國大陸 +86' },
  { value: 'HK', label: '香港 +852' },
  { value: 'ML', label: '馬來西亞 +60' },
] as const;

export interface ContactResult {
  ok: boolean;
  text: string;
}

let resolverModule: Promise<{ contactResolver: typeof contactResolver }> | null = null;
const loadResolver = () => (resolverModule ??= import('./contact-resolver.ts'));

/** The domain contactUsSchema through zodResolver, fetched the first time the form validates. */
const lazyContactResolver: Resolver<ContactMessage> = async (values, context, options) => {
  try {
    const loaded = await loadResolver();
    return loaded.contactResolver(values, context, options);
  } catch {
    resolverModule = null;
    return { values, errors: {} }; // offline chunk: let the server's identical rules answer
  }
};

/**
 * Characters typed so far. Its own component: it alone re-renders on every key, and `watch` in the
 * form made the whole form render again, synchronously, in the hydration's task.
 */
function ContentLength({ control }: { control: Control<ContactMessage> }) {
  const content = useWatch({ control, name: 'content' });
  return (
    <p className="field__hint">
      {content?.length ?? 0} / {CONTENT_MAX}
    </p>
  );
}

/**
 * spec §5 contact form: all fields required, the email pattern (「請輸入正確的 Email 格式」), content
 * ≤ 200, submit disabled while sending; success resets the form. Posts through the browser API
 * client; before hydration (or without JavaScript) it posts to the route action instead.
 */
export function ContactForm({ serverResult = null }: { serverResult?: ContactResult | null }) {
  const api = useApi();
  const id = useId();
  const [result, setResult] = useState<ContactResult | null>(serverResult);
  const form = useForm<ContactMessage>({ resolver: lazyContactResolver, defaultValues: EMPTY, mode: 'onTouched' });
  const {
    handleSubmit,
    reset,
    setError,
    formState: { isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    setResult(null);
    try {
      await sendContactMessage(api, values);
      reset(EMPTY);
      setResult({ ok: true, text: msg.contactSuccess });
    } catch (error) {
      if (error instanceof ApiError) {
        for (const fieldError of error.errors) {
          const field = FIELDS.find((f) => f === fieldError.field);
          if (field) setError(field, { message: fieldError.msg });
        }
      }
      setResult({ ok: false, text: msg.contactFailure });
    }
  });

  return (
    <Form
      method="post"
      replace
      preventScrollReset
      className="contact-form"
      noValidate
      onSubmit={onSubmit}
      onFocus={() => void loadResolver()}
    >
      <ContactFields id={id} form={form} />
      <div className="contact-form__actions">
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {isSubmitting ? '送出中…' : '送出'}
        </button>
        <p
          className={`form-result${result ? (result.ok ? ' form-result--ok' : ' form-result--error') : ''}`}
          role="status"
        >
          {result?.text}
        </p>
      </div>
    </Form>
  );
}

/** Name, phone (with its region), email and the message, each with its error under it. */
function ContactFields({ id, form }: { id: string; form: UseFormReturn<ContactMessage> }) {
  const {
    register,
    control: formControl,
    formState: { errors },
  } = form;
  const control = (name: Field) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
    ...register(name),
  });
  const error = (name: Field) =>
    errors[name]?.message ? (
      <p id={`${id}-${name}-error`} className="field-error" role="alert">
        {errors[name]?.message}
      </p>
    ) : null;
  const label = (name: Field, text: string) => (
    <label htmlFor={`${id}-${name}`}>
      {text}{' '}
      <span className="field__required" aria-hidden="true">
        *
      </span>
    </label>
  );

  return (
    <div className="contact-form__grid">
      <div className="field">
        {label('name', '姓名')}
        <input type="text" autoComplete="name" required {...control('name')} />
        {error('name')}
      </div>
      <div className="field">
        {label('phone', '聯絡電話')}
        <div className="phone-field">
          <select aria-label="電話地區" autoComplete="tel-country-code" {...control('phone_region')}>
            {REGIONS.map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
          </select>
          <input type="tel" autoComplete="tel-national" inputMode="tel" required {...control('phone')} />
        </div>
        {error('phone_region')}
        {error('phone')}
      </div>
      <div className="field field--wide">
        {label('email', '電子郵件')}
        <input type="email" autoComplete="email" inputMode="email" required {...control('email')} />
        {error('email')}
      </div>
      <div className="field field--wide">
        {label('content', '留言內容')}
        <textarea rows={5} maxLength={CONTENT_MAX} required {...control('content')} />
        <ContentLength control={formControl} />
        {error('content')}
      </div>
    </div>
  );
}

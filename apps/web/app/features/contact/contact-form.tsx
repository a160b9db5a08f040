import { zodResolver } from '@hookform/resolvers/zod';
import { contactUsSchema, msg, type ContactUsInput } from '@shop/domain';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../api/client.ts';
import { sendContactMessage } from '../../api/contact.ts';
import { useApi } from '../../api/use-api.ts';
import { CONTACT_FIELDS, ContactFormView, EMPTY_CONTACT, type ContactField, type ContactResult, type ContactValues } from './contact-form-view.tsx';

export interface ContactFormProps {
  /** Values typed into the first-paint form before this one took over. */
  initialValues?: ContactValues;
  /** The field that had focus, so the swap does not steal it. */
  focusField?: ContactField | null;
  initialResult?: ContactResult | null;
}

/**
 * spec §5 contact form: all fields required, the email pattern (「請輸入正確的 Email 格式」), content
 * ≤ 200, submit disabled while sending; success resets the form. Rules: the domain contactUsSchema.
 */
export function ContactForm({ initialValues = EMPTY_CONTACT, focusField = null, initialResult = null }: ContactFormProps) {
  const api = useApi();
  const id = useId();
  const [result, setResult] = useState<ContactResult | null>(initialResult);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ContactUsInput>({ resolver: zodResolver(contactUsSchema), defaultValues: initialValues, mode: 'onTouched' });

  useEffect(() => {
    if (focusField) setFocus(focusField);
  }, [focusField, setFocus]);

  const onSubmit = handleSubmit(async (values) => {
    setResult(null);
    try {
      await sendContactMessage(api, values);
      reset(EMPTY_CONTACT);
      setResult({ ok: true, text: msg.contactSuccess });
    } catch (error) {
      if (error instanceof ApiError) {
        for (const fieldError of error.errors) {
          const field = CONTACT_FIELDS.find((f) => f === fieldError.field);
          if (field) setError(field, { message: fieldError.msg });
        }
      }
      setResult({ ok: false, text: msg.contactFailure });
    }
  });

  const messages: Partial<Record<ContactField, string>> = {};
  for (const field of CONTACT_FIELDS) {
    const message = errors[field]?.message;
    if (message) messages[field] = message;
  }
  return (
    <ContactFormView
      idBase={id}
      fieldProps={(name) => register(name) as never}
      errors={messages}
      contentLength={watch('content')?.length ?? 0}
      submitting={isSubmitting}
      result={result}
      formProps={{ onSubmit }}
    />
  );
}

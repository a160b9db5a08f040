import { useEffect, useId, useRef, useState, type ComponentType } from 'react';
import { Form } from 'react-router';
import type { ContactFormProps } from './contact-form.tsx';
import { CONTACT_FIELDS, ContactFormView, EMPTY_CONTACT, type ContactField, type ContactResult, type ContactValues } from './contact-form-view.tsx';

let formModule: Promise<ComponentType<ContactFormProps>> | null = null;
const loadContactForm = () => (formModule ??= import('./contact-form.tsx').then((m) => m.ContactForm));

/**
 * The contact form sits far below the fold, and its validation (React Hook Form + Zod) is the
 * heaviest script on the home page. The first paint renders the same markup as a plain form that
 * posts to the route action (works before hydration and without JavaScript); the interactive form
 * loads when the section nears the viewport or is touched, and takes over what was typed.
 */
export function DeferredContactForm({ serverResult = null }: { serverResult?: ContactResult | null }) {
  const [Interactive, setInteractive] = useState<ComponentType<ContactFormProps> | null>(null);
  const [handover, setHandover] = useState<{ values: ContactValues; focus: ContactField | null }>({ values: EMPTY_CONTACT, focus: null });
  const formRef = useRef<HTMLFormElement>(null);
  const startedRef = useRef(false);
  const idBase = useId();

  useEffect(() => {
    let cancelled = false;
    const start = () => {
      if (startedRef.current) return;
      startedRef.current = true;
      void loadContactForm().then((component) => {
        if (cancelled) return;
        const form = formRef.current;
        const values = { ...EMPTY_CONTACT };
        let focus: ContactField | null = null;
        if (form) {
          const data = new FormData(form);
          for (const field of CONTACT_FIELDS) values[field] = String(data.get(field) ?? '');
          const active = document.activeElement as HTMLInputElement | null;
          focus = active && form.contains(active) ? (CONTACT_FIELDS.find((f) => f === active.name) ?? null) : null;
        }
        setHandover({ values, focus });
        setInteractive(() => component);
      });
    };
    const form = formRef.current;
    if (!form || typeof IntersectionObserver === 'undefined') {
      start();
      return;
    }
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && start(), { rootMargin: '600px 0px' });
    observer.observe(form);
    form.addEventListener('focusin', start);
    form.addEventListener('pointerdown', start);
    return () => {
      cancelled = true;
      observer.disconnect();
      form.removeEventListener('focusin', start);
      form.removeEventListener('pointerdown', start);
    };
  }, []);

  if (Interactive) return <Interactive initialValues={handover.values} focusField={handover.focus} initialResult={serverResult} />;
  return (
    <ContactFormView
      idBase={idBase}
      fieldProps={(name) => ({ name, defaultValue: '' })}
      errors={{}}
      contentLength={0}
      submitting={false}
      result={serverResult}
      formAs={Form}
      formProps={{ method: 'post', replace: true, preventScrollReset: true, ref: formRef }}
    />
  );
}

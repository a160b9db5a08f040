// The contact form without JavaScript (or submitted before hydration): a route action validates with
// the same domain schema and posts through the in-process API client.
import { contactUsSchema, msg } from '@shop/domain';
import type { AppLoadContext } from 'react-router';
import { sendContactMessage } from '../../api/contact.ts';
import type { ContactResult } from './contact-form.tsx';

export async function contactAction(request: Request, context: AppLoadContext): Promise<{ contact: ContactResult }> {
  const form = await request.formData();
  const parsed = contactUsSchema.safeParse({
    name: String(form.get('name') ?? ''),
    phone: String(form.get('phone') ?? ''),
    email: String(form.get('email') ?? ''),
    content: String(form.get('content') ?? ''),
  });
  if (!parsed.success) {
    const text =
      parsed.error.issues.map((issue) => issue.message).find((m) => m === msg.emailFormat) ?? msg.contactFailure;
    return { contact: { ok: false, text } };
  }
  try {
    await sendContactMessage(context.apiFetch, parsed.data);
    return { contact: { ok: true, text: msg.contactSuccess } };
  } catch {
    return { contact: { ok: false, text: msg.contactFailure } };
  }
}

// The contact form without JavaScript (or submitted before hydration): a route action validates with
// the same domain schema and posts through the in-process API client.
import { contactUsSchema, msg, PHONE_REGION_INFO } from '@shop/domain';
import type { AppLoadContext } from 'react-router';
import { sendContactMessage } from '../../api/contact.ts';
import type { ContactResult } from './contact-form.tsx';
import { readForm } from '../../lib/form-post.server.ts';

export async function contactAction(request: Request, context: AppLoadContext): Promise<{ contact: ContactResult }> {
  const form = await readForm(request);
  const parsed = contactUsSchema.safeParse({
    name: String(form.get('name') ?? ''),
    phone_region: String(form.get('phone_region') ?? 'TW'),
    phone: String(form.get('phone') ?? ''),
    email: String(form.get('email') ?? ''),
    content: String(form.get('content') ?? ''),
  });
  if (!parsed.success) {
    // A format the sender can fix (the email's, the phone's region pattern), else the spec's failure text.
    const fixable = new Set<string>([msg.emailFormat, ...Object.values(PHONE_REGION_INFO).map((r) => r.message)]);
    const text = parsed.error.issues.map((issue) => issue.message).find((m) => fixable.has(m)) ?? msg.contactFailure;
    return { contact: { ok: false, text } };
  }
  try {
    await sendContactMessage(context.apiFetch, parsed.data);
    return { contact: { ok: true, text: msg.contactSuccess } };
  } catch {
    return { contact: { ok: false, text: msg.contactFailure } };
  }
}

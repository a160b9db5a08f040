/** What a member form says after it was sent: a success in green, a failure in red, else nothing. */
export type FormMessage = { ok: boolean; text: string } | null;

/**
 * The line under a member form that reads out its result (role `alert` where the answer needs the
 * shopper's attention at once, `status` where it is a quiet confirmation).
 */
export function FormResult({ message, role }: { message: FormMessage; role: 'alert' | 'status' }) {
  return (
    <p className={`form-result${message ? (message.ok ? ' form-result--ok' : ' form-result--error') : ''}`} role={role}>
      {message?.text}
    </p>
  );
}

/** A failure's text as a FormMessage: none when there is no text. */
export const failureMessage = (text: string): FormMessage => (text ? { ok: false, text } : null);

/** The full-width button that sends a login, sign-up or password form; it says what is happening while busy. */
export function AuthSubmitButton({ busy, busyLabel, label }: { busy: boolean; busyLabel: string; label: string }) {
  return (
    <button type="submit" className="button button--primary auth-form__submit" disabled={busy}>
      {busy ? busyLabel : label}
    </button>
  );
}

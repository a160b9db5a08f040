import { lineLoginHref } from '../../api/line.ts';

/**
 * 「LINE 登入」 (issue 41): a plain link, since the server starts LINE Login and answers with a
 * redirect to LINE's consent page. LINE's own green, as shoppers in Taiwan know the button.
 */
export function LineLoginButton({ returnTo, label = '使用 LINE 登入' }: { returnTo: string; label?: string }) {
  return (
    <a className="button line-button" href={lineLoginHref(returnTo)}>
      <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" focusable="false">
        <path
          fill="currentColor"
          d="M12 3C6.5 3 2 6.6 2 11c0 3.9 3.5 7.2 8.3 7.9.3.1.8.2.9.5.1.3.1.7 0 1l-.1.9c0 .3-.2 1 .9.5s5.9-3.5 8.1-6C21.4 14.3 22 12.7 22 11c0-4.4-4.5-8-10-8Z"
        />
      </svg>
      {label}
    </a>
  );
}

/** The LINE error of `?line_error=` when there is one. */
export function LineErrorNotice({ text }: { text: string }) {
  if (!text) return null;
  return (
    <p className="form-result form-result--error" role="alert">
      {text}
    </p>
  );
}

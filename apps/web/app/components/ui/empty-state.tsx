/** spec §2: question-mark icon and a caller-supplied line of text. */
export function EmptyState({ text }: { text: string }) {
  return (
    <div className="empty-state" role="status">
      <svg className="empty-state__icon" viewBox="0 0 48 48" width="48" height="48" aria-hidden="true">
        <circle cx="24" cy="24" r="22" fill="none" stroke="currentColor" strokeWidth="2.5" />
        <path
          d="M18 19a6 6 0 1 1 9 5.2c-1.8 1-3 2.2-3 4.3V30"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          strokeLinecap="round"
        />
        <circle cx="24" cy="35.5" r="1.8" fill="currentColor" />
      </svg>
      <p className="empty-state__text">{text}</p>
    </div>
  );
}

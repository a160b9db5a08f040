/** spec §2: a spinner with "Loading...", normal size or the small 40×40 px mobile size; 1.4 s cycle (CSS). */
export function LoadingSpinner({ size = 'normal' }: { size?: 'normal' | 'small' }) {
  return (
    <div className={`loading-spinner loading-spinner--${size}`} role="status" aria-live="polite">
      <span className="loading-spinner__ring" aria-hidden="true" />
      <span className="loading-spinner__text">Loading...</span>
    </div>
  );
}

import { useEffect, useRef, useState } from 'react';

const SAY_MS = 4000;

interface CopyButtonProps {
  /** Exactly what lands on the clipboard. */
  text: string;
  /** What is copied, in the button's accessible name: 「複製{what}」. */
  what: string;
}

/**
 * 「複製」: puts `text` on the clipboard and says so in a polite live region, for the numbers a shopper
 * types elsewhere (an ATM account in the bank's app, a tracking number on a carrier's page).
 */
export function CopyButton({ text, what }: CopyButtonProps) {
  const [said, setSaid] = useState('');
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = async () => {
    window.clearTimeout(timer.current);
    setSaid('');
    try {
      // Missing outside a secure context, and refused when the page lacks focus or permission.
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(text);
      setSaid('已複製');
    } catch {
      setSaid('無法自動複製，請長按號碼後選擇複製');
    }
    timer.current = window.setTimeout(() => setSaid(''), SAY_MS);
  };

  return (
    <span className="copy-button">
      {/* The visible word starts the name (WCAG 2.5.3); the rest tells two copy buttons apart. */}
      <button type="button" className="copy-button__button" aria-label={`複製${what}`} onClick={() => void copy()}>
        複製
      </button>
      {/* Always in the DOM so screen readers announce the text when it appears. */}
      <span className="copy-button__said" role="status" aria-live="polite">
        {said}
      </span>
    </span>
  );
}

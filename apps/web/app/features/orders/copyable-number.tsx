import type { ClipboardEvent } from 'react';
import { CopyButton } from './copy-button.tsx';

/** `9103522175887271` → `9103 5221 7588 7271`: a long account is read (and typed) in fours. */
export function inGroupsOfFour(digits: string): string {
  return digits.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

/** A number selected by hand is pasted into a bank's app or a carrier's form, which refuse the spaces. */
function copyWithoutSpaces(event: ClipboardEvent<HTMLElement>) {
  const selected = document.getSelection()?.toString() ?? '';
  if (!/\s/.test(selected)) return;
  event.clipboardData.setData('text/plain', selected.replace(/\s+/g, ''));
  event.preventDefault();
}

interface CopyableNumberProps {
  value: string;
  /** What the number is, for the copy button's name (「繳費帳號」, 「貨運單號」). */
  what: string;
  /** Show it in groups of four (an account number); the clipboard always gets it without spaces. */
  grouped?: boolean;
  className?: string;
}

/** A number the shopper has to type somewhere else: shown readable, copied exact, with 「複製」 beside it. */
export function CopyableNumber({ value, what, grouped = false, className = '' }: CopyableNumberProps) {
  const exact = value.replace(/\s+/g, '');
  return (
    <span className="copyable-number">
      <span className={`copyable-number__value ${className}`.trim()} onCopy={copyWithoutSpaces}>
        {grouped ? inGroupsOfFour(exact) : value}
      </span>
      <CopyButton text={exact} what={what} />
    </span>
  );
}

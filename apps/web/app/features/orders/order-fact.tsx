import type { ReactNode } from 'react';

/** One label and value of an order's facts (a `<dl>`); nothing for a value it does not have yet. */
export function Fact({ label, children, valueClass }: { label: string; children: ReactNode; valueClass?: string }) {
  if (children === '' || children === null || children === undefined) return null;
  return (
    <div>
      <dt>{label}</dt>
      <dd className={valueClass}>{children}</dd>
    </div>
  );
}

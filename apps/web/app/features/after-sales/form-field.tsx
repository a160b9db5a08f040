import type { ReactNode } from 'react';

interface FormFieldProps {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  /** A line under the control: a character count (right-aligned) or a hint. */
  note?: ReactNode;
  noteKind?: 'count' | 'hint';
  children: ReactNode;
}

/** A labelled control with its error under it, as the modals of spec §2 lay them out. */
export function FormField({ id, label, required = false, error, note, noteKind = 'count', children }: FormFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required ? (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {children}
      {note ? <p className={noteKind === 'count' ? 'field__hint' : 'field__note'}>{note}</p> : null}
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** aria attributes of a control whose error FormField shows. */
export const describedBy = (id: string, error: string | undefined) => ({
  id,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
});

/** The order the modal is about (read-only in the form). */
export interface AfterSalesOrder {
  id: number;
  orderNumber: string;
  membersId: number | null;
  payAmount: number;
  recvCellphone: string;
}

/** The order a request is about, as the after-sales endpoints take it (the member only when there is one). */
export const orderReference = (order: AfterSalesOrder) => ({
  orders_id: order.id,
  order_number: order.orderNumber,
  ...(order.membersId ? { members_id: order.membersId } : {}),
});

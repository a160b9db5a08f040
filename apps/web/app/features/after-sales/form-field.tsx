import type { ReactNode } from 'react';
import { FieldError, FieldLabel } from '../../components/ui/form-field.tsx';

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
      <FieldLabel id={id} label={label} required={required} markOptional={false} />
      {children}
      {note ? <p className={noteKind === 'count' ? 'field__hint' : 'field__note'}>{note}</p> : null}
      <FieldError id={id} error={error} />
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

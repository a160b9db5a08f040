import type { FormEventHandler, ReactNode } from 'react';
import { ModalFrame } from '../../components/ui/modal-frame.tsx';

interface AfterSalesModalProps {
  title: string;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** What the form is about, read-only above the fields: 訂單編號 first. */
  facts: ReadonlyArray<readonly [term: string, value: ReactNode]>;
  /** Why the last send failed (the form stays open). */
  failure: string;
  /** The button beside the submit: 清除重填, 重設 or 取消. */
  secondary: { label: string; onClick: () => void };
  submitLabel: string;
  sending: boolean;
  /** The submit also waits while something is not ready (photos still being compressed). */
  submitBlocked?: boolean;
  children: ReactNode;
}

/**
 * The frame of an after-sales form (spec §2 Modals: 通知匯款, 取消訂單, 申請退貨, 撰寫評價): the modal with
 * its title, the facts of the order, the fields, the failure line and the two buttons.
 */
export function AfterSalesModal(props: AfterSalesModalProps) {
  const { title, onClose, onSubmit, facts, failure, secondary, submitLabel, sending, submitBlocked = false } = props;
  return (
    <ModalFrame open title={title} onClose={onClose}>
      <form className="modal-form" noValidate onSubmit={onSubmit}>
        <dl className="modal-form__facts">
          {facts.map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {props.children}
        {failure ? (
          <p className="form-result form-result--error" role="alert">
            {failure}
          </p>
        ) : null}
        <div className="modal-actions">
          <button type="button" className="button button--ghost" onClick={secondary.onClick} disabled={sending}>
            {secondary.label}
          </button>
          <button type="submit" className="button button--primary" disabled={sending || submitBlocked}>
            {sending ? '送出中…' : submitLabel}
          </button>
        </div>
      </form>
    </ModalFrame>
  );
}

import { ModalFrame } from './modal-frame.tsx';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The question, e.g. spec §8 「確定要取消訂單 {number} 嗎？」. */
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  busy?: boolean;
  /** An error to show while the dialog stays open. */
  error?: string;
  onConfirm: () => void;
  onClose: () => void;
}

/** A yes/no question in the shop's modal frame (instead of window.confirm: styled, and focus stays managed). */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel = '返回',
  busy = false,
  error = '',
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <ModalFrame open={open} title={title} onClose={onClose}>
      <p className="confirm-dialog__message">{message}</p>
      {error ? (
        <p className="form-result form-result--error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="modal-actions">
        <button type="button" className="button button--ghost" onClick={onClose} disabled={busy}>
          {cancelLabel}
        </button>
        <button type="button" className="button button--primary" onClick={onConfirm} disabled={busy}>
          {busy ? '處理中…' : confirmLabel}
        </button>
      </div>
    </ModalFrame>
  );
}

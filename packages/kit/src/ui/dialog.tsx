import { Button } from '@clube/platform';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type SyntheticEvent } from 'react';
import './kit.css';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface DialogProps {
  open: boolean;
  /** Called on Esc, on the × button and on whatever the footer decides; the owner sets `open` to false. */
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
}

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => !element.hidden);
}

/**
 * A modal dialog on the native `<dialog>` (`showModal` makes the page behind it inert and gives
 * the backdrop). On top of it: Tab cycles inside, Esc calls `onClose`, the element marked
 * `data-autofocus` (or the first focusable one) gets focus, and focus goes back to whatever had it
 * before the dialog opened.
 */
export function Dialog({ open, onClose, title, description, children, footer }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', ''); // jsdom has no showModal
    }
    (dialog.querySelector<HTMLElement>('[data-autofocus]') ?? focusables(dialog)[0])?.focus();
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      else dialog.removeAttribute('open');
      returnFocusTo.current?.focus();
    };
  }, [open]);

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !ref.current) return;
    const items = focusables(ref.current);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  function onCancel(event: SyntheticEvent<HTMLDialogElement>) {
    // Other close requests (e.g. Android's back gesture): React, not the browser, closes it.
    event.preventDefault();
    onClose();
  }

  return (
    <dialog ref={ref} className="clube-dialog" aria-labelledby={titleId} aria-describedby={description ? descriptionId : undefined} onKeyDown={onKeyDown} onCancel={onCancel}>
      {open && (
        <div className="clube-dialog__body">
          <div className="clube-dialog__header">
            <h2 id={titleId} className="clube-dialog__title">
              {title}
            </h2>
            <button type="button" className="clube-dialog__close" aria-label="Fechar" onClick={onClose}>
              ×
            </button>
          </div>
          {description && (
            <p id={descriptionId} className="clube-dialog__description">
              {description}
            </p>
          )}
          {children}
          {footer && <div className="clube-dialog__footer">{footer}</div>}
        </div>
      )}
    </dialog>
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** `danger` for what cannot be undone (delete, cancel a subscription). */
  tone?: 'primary' | 'danger';
  /** May return a promise: the button shows it is busy, and a rejection's message is shown in the dialog. */
  onConfirm: () => unknown;
  /** What the person may add before confirming (e.g. a reason), shown under the message. */
  children?: ReactNode;
}

/** "Are you sure?": Cancel gets the focus, so Enter never confirms by accident. */
export function ConfirmDialog({ open, onClose, title, message, confirmLabel, cancelLabel = 'Cancelar', tone = 'primary', onConfirm, children }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  function close() {
    setFailure(null); // a reopened dialog starts clean
    onClose();
  }

  async function confirm() {
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm();
      close();
    } catch (error) {
      setFailure(error instanceof Error && error.message ? error.message : 'Algo deu errado. Tente novamente.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title={title}
      description={message}
      footer={
        <>
          <Button variant="secondary" data-autofocus onClick={close} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button variant={tone} loading={busy} onClick={confirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
      {failure && (
        <p className="clube-form__alert" role="alert">
          {failure}
        </p>
      )}
    </Dialog>
  );
}

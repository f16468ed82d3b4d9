import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** Buttons under the body; a dialog without actions should at least offer a close button here. */
  actions?: ReactNode;
  closeLabel: string;
  testId?: string | undefined;
  /** An alert dialog (role alertdialog, its body as the description), e.g. a refusal popup. */
  alert?: boolean;
  /**
   * Changing it while open moves focus to the new content's [data-autofocus] element, for a dialog
   * whose content steps through a flow (login → forgot password → reset ...).
   */
  stepKey?: string | undefined;
}

/** The element a dialog (or one of its steps) wants focused first, if it names one. */
function focusInitial(dialog: HTMLDialogElement) {
  const target = dialog.querySelector<HTMLElement>('[data-autofocus]');
  target?.focus();
}

/**
 * A modal dialog on the native <dialog> element: focus is trapped and the rest of the page is inert
 * while open; Escape, the close button and a click on the backdrop close it; focus returns to where
 * it was. Focus starts on the element marked data-autofocus, else on the first focusable one.
 */
export function Dialog({ open, onClose, title, children, actions, closeLabel, testId, alert, stepKey }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const opener = useRef<Element | null>(null);

  // After every render, so the element follows `open` even when it was closed natively (Escape) and
  // the owner still wants it open (e.g. the next queued popup).
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
      focusInitial(dialog);
    } else if (!open && dialog.open) {
      dialog.close();
    }
  });

  useEffect(() => {
    const dialog = ref.current;
    if (dialog?.open) focusInitial(dialog);
  }, [stepKey]);

  useEffect(() => {
    const dialog = ref.current;
    return () => {
      if (dialog?.open) dialog.close();
    };
  }, []);

  function handleClose() {
    const previous = opener.current;
    opener.current = null;
    if (previous instanceof HTMLElement && previous.isConnected) previous.focus();
    onClose();
  }

  return (
    <dialog
      ref={ref}
      className="dialog"
      role={alert ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-describedby={alert ? bodyId : undefined}
      onClose={(event) => {
        // React passes a nested dialog's close up the tree (e.g. the loading modal inside a form).
        if (event.target === event.currentTarget) handleClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
      data-testid={testId}
    >
      <div className="dialog__panel">
        <div className="dialog__head">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          <button type="button" className="dialog__close" aria-label={closeLabel} onClick={() => ref.current?.close()}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <div id={bodyId} className="dialog__body">
          {children}
        </div>
        {actions ? <div className="dialog__actions">{actions}</div> : null}
      </div>
    </dialog>
  );
}

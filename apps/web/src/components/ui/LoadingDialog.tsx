import { useEffect, useRef } from 'react';

function canTakeFocusBack(element: Element | null): element is HTMLElement {
  return (
    element instanceof HTMLElement &&
    element.isConnected &&
    !element.closest('dialog:not([open]), [inert]') &&
    !(element instanceof HTMLButtonElement && element.disabled)
  );
}

/**
 * The 'loading' modal: shown over everything while a call is in flight, so nothing can be
 * pressed twice. It cannot be dismissed; when it goes, focus returns to where it was if that is
 * still there (e.g. the submit button after a refusal), else to the first field of the open dialog.
 */
export function LoadingDialog({ open, label }: { open: boolean; label: string }) {
  const ref = useRef<HTMLDialogElement>(null);
  const previous = useRef<Element | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      previous.current = document.activeElement;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
      const back = previous.current;
      previous.current = null;
      if (canTakeFocusBack(back)) back.focus();
      // What had focus went away with the call (e.g. a dialog moved on to its next step): start that step.
      else document.querySelector<HTMLElement>('dialog[open] [data-autofocus]')?.focus();
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    return () => {
      if (dialog?.open) dialog.close();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className="loading-dialog"
      aria-label={label}
      aria-busy="true"
      tabIndex={-1}
      onCancel={(event) => event.preventDefault()}
      data-testid="loading-dialog"
    >
      <span className="spinner spinner--lg" aria-hidden="true" />
      <span className="loading-dialog__label" role="status">
        {label}
      </span>
    </dialog>
  );
}

/** Frames a refused form waits for its messages to be drawn before it gives up moving focus. */
const FRAMES_TO_WAIT = 5;

/**
 * After a refused check, the first field with a message takes focus so its message is read out. The
 * messages come with React's next render, which a busy machine may draw a frame or two after this call:
 * it looks again on the next frames until a field is marked.
 */
export function focusFirstError(form: HTMLFormElement, framesLeft = FRAMES_TO_WAIT): void {
  requestAnimationFrame(() => {
    const field = form.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (field) field.focus();
    else if (framesLeft > 1) focusFirstError(form, framesLeft - 1);
  });
}

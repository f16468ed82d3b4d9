/** After a refused check, the first field with a message takes focus so its message is read out. */
export function focusFirstError(form: HTMLFormElement): void {
  requestAnimationFrame(() => {
    form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
}

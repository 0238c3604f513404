/**
 * "Errors where the eye is" (docs/ui-kit.md): after a submit that found problems, the first
 * field marked `aria-invalid` in the form (in reading order) takes focus and scrolls to the
 * middle of its scrolling box. Runs after React has drawn the messages.
 */
export function focusFirstInvalid(root: HTMLElement | null): void {
  requestAnimationFrame(() => {
    const field = root?.querySelector<HTMLElement>('[aria-invalid="true"]:not([type=hidden])');
    if (!field) return;
    field.scrollIntoView({ block: 'center' });
    field.focus({ preventScroll: true });
  });
}

/**
 * The shared dialog has no trigger (it is opened from state), and Radix then gives the focus back to nobody when it
 * closes. This hands it to `target` once the dialog has left (its focus trap lets go on the next task), or, when the
 * target is gone meanwhile (a "Mark as sent" that no longer applies), to `fallback`.
 */
export function focusAfterDialog(target: () => HTMLElement | null, fallback?: () => HTMLElement | null): void {
  setTimeout(() => {
    const element = target();
    (element?.isConnected ? element : fallback?.())?.focus();
  }, 0);
}

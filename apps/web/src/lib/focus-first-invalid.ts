import type { FieldErrors, FieldValues } from 'react-hook-form';

/** Every field path that has an error ("firstName", "intervals.0.from"). */
function errorPaths(errors: FieldErrors, prefix = ''): string[] {
  return Object.entries(errors).flatMap(([key, value]) => {
    if (!value || typeof value !== 'object') return [];
    const path = prefix ? `${prefix}.${key}` : key;
    return 'message' in value || 'type' in value ? [path] : errorPaths(value as FieldErrors, path);
  });
}

/**
 * The `onInvalid` of every form's handleSubmit (forms set `shouldFocusError: false`): focuses the first invalid field
 * in the order the form shows them, not the order fields registered. A field is found by its name; one without a
 * name (a group of checkboxes, a combobox) by aria-invalid once its error has rendered.
 */
export function focusFirstInvalid<T extends FieldValues>(errors: FieldErrors<T>, event?: { target: unknown } | null) {
  const form = event?.target instanceof HTMLFormElement ? event.target : null;
  if (!form) return;
  const invalid = new Set(errorPaths(errors as FieldErrors));
  const named = Array.from(form.elements).find(
    (el): el is HTMLElement =>
      el instanceof HTMLElement && invalid.has(el.getAttribute('name') ?? '') && !(el as HTMLInputElement).disabled,
  );
  const first = () =>
    form.querySelector<HTMLElement>(
      '[aria-invalid="true"]:not(fieldset), fieldset[aria-invalid="true"] input, fieldset[aria-invalid="true"] button',
    );
  // A field before the named one may have no name: once errors render, aria-invalid shows the true first one.
  named?.focus();
  requestAnimationFrame(() => {
    const target = first();
    if (
      target &&
      target !== document.activeElement &&
      (!named || named.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_PRECEDING)
    )
      target.focus();
  });
}

/**
 * How every form validates (spread into useForm): on submit, then again as the user types. Validating on blur
 * ("onTouched") showed an error under the field being left, which moved the submit button between mouse-down and
 * mouse-up: the click was lost, and only the errors of fields already left were shown (issue 11). Focus is moved
 * by focusFirstInvalid, in the order the form shows its fields.
 */
export const formValidation = { mode: 'onSubmit', reValidateMode: 'onChange', shouldFocusError: false } as const;

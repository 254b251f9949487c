import { keyOfText, type MessageKey } from '@therapy/contracts/messages';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-error';

interface FieldErrorMap<T extends FieldValues> {
  /** An error code that is always about one field, e.g. EMAIL_TAKEN → email. */
  byCode?: Partial<Record<string, FieldPath<T>>>;
  /** A contract message that belongs to one field, e.g. passwordCommon → password. */
  byMessage?: Partial<Record<MessageKey, FieldPath<T>>>;
}

/**
 * Puts server errors on the fields they are clearly about, in addition to the toast. The server answers with texts
 * in the request's language, so each is matched to its catalogue key (`keyOfText`, either language) and the map
 * names fields by key. Returns whether any field was marked.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  map: FieldErrorMap<T>,
): boolean {
  if (!(error instanceof ApiError)) return false;
  let marked = false;
  const codeField = map.byCode?.[error.code];
  if (codeField) {
    setError(codeField, { type: 'server', message: error.errorList[0] ?? error.message }, { shouldFocus: true });
    marked = true;
  }
  for (const text of error.errorList) {
    const key = keyOfText(text)?.key;
    const field = key ? map.byMessage?.[key] : undefined;
    if (field) {
      setError(field, { type: 'server', message: text }, { shouldFocus: !marked });
      marked = true;
    }
  }
  return marked;
}

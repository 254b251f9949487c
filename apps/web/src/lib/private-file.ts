import { API_BASE, refreshSession } from './api-client';
import { ApiError, specMessages } from './api-error';
import { useAuthStore } from './auth-store';
import { currentLocale } from './i18n';

async function readError(response: Response): Promise<ApiError> {
  await specMessages();
  try {
    const body = (await response.json()) as { message?: unknown; code?: unknown };
    if (typeof body.message === 'string') {
      return new ApiError({
        status: response.status,
        code: typeof body.code === 'string' ? body.code : 'INTERNAL_ERROR',
        message: body.message,
      });
    }
  } catch {
    // Not JSON: said below.
  }
  return new ApiError({
    status: response.status,
    code: response.status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST',
    message: '',
  });
}

/**
 * A private file (a note's file, a chat attachment): the bytes come with the bearer header, never through a link that
 * works without it, so the file is fetched here and handed to the browser as a blob. An expired access token is
 * refreshed once. `path` is the API path (without /api/v1).
 */
export async function fetchPrivateFile(path: string, viewMode: 'client' | 'provider'): Promise<Blob> {
  const url = `${API_BASE}${path}`;
  const send = () => {
    const headers = new Headers({
      'x-locale': currentLocale(),
      'x-language': currentLocale(),
      'x-view-mode': viewMode,
    });
    const token = useAuthStore.getState().accessToken;
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return fetch(url, { headers, credentials: 'include' });
  };
  let response = await send();
  if (response.status === 401 && (await refreshSession())) response = await send();
  if (!response.ok) throw await readError(response);
  return response.blob();
}

/** Hands a blob to the browser as a download under its own name. */
export function saveBlob(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the browser has taken it over.
  setTimeout(() => URL.revokeObjectURL(href), 30_000);
}

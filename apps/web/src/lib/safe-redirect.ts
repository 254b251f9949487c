/**
 * Only same-site paths are followed after sign-in: "/x" yes, "//evil.example" (protocol-relative) and
 * "https://..." no, so the login page cannot be used as an open redirect.
 */
export function safeRedirect(target: string | null | undefined, fallback = '/overview'): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  try {
    const url = new URL(target, window.location.origin);
    if (url.origin !== window.location.origin) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

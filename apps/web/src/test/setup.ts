import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { i18n, loadNamespaces, namespaces } from '@/lib/i18n';
import { contractViolations } from './render';

// Tests read English text, so every namespace is loaded up front instead of on route entry.
await i18n.changeLanguage('en');
await loadNamespaces(namespaces);

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  // A mocked answer the endpoint's contract does not allow (test/render.tsx): the test fails even if the app coped.
  const violations = contractViolations.splice(0);
  if (violations.length) throw new Error(`mocked API answers break their contracts:\n${violations.join('\n')}`);
});

import type { Locale } from '@therapy/contracts/messages';
import { useEffect } from 'react';
import { create } from 'zustand';
import type common from '../locales/en/common.json';
import { i18n } from './i18n';

/**
 * Each page has its own document title (WCAG 2.4.2): the route's `handle.title` names a key under `titles` in the
 * common namespace ("Sign in · Therapy Finder"); a route without one (the landing page) keeps `meta.title`. A page
 * whose title depends on its data (a therapist's name) sets it with `usePageTitle`.
 */
export type TitleKey = keyof typeof common.titles;

export interface PageTitle {
  key?: TitleKey;
  /** Replaces the key's text, e.g. a therapist's name. */
  name?: string;
}

export function pageTitleText(title: PageTitle | null, locale: Locale): string {
  if (!title?.key && !title?.name) return i18n.t('meta.title', { lng: locale });
  const page = title.name ?? i18n.t(`titles.${title.key!}`, { lng: locale });
  return i18n.t('titles.format', { lng: locale, page });
}

/** The title the app last applied: a language switch renders it again in the new language (lib/locale.ts). */
let applied: PageTitle | null = null;

export function applyPageTitle(title: PageTitle, locale: Locale): void {
  applied = title;
  document.title = pageTitleText(title, locale);
}

/** The current page's title in another language, or null before the app has applied one (keep the server's). */
export function currentPageTitle(locale: Locale): string | null {
  return applied ? pageTitleText(applied, locale) : null;
}

const useOverride = create<{ name: string | null }>(() => ({ name: null }));

/** Read by AppShell: a page's own title (set below) wins over its route's. */
export const usePageTitleOverride = () => useOverride((s) => s.name);

/** A page sets its own title text while it is shown (null: its route's title). */
export function usePageTitle(name: string | null | undefined): void {
  useEffect(() => {
    if (!name) return;
    useOverride.setState({ name });
    return () => useOverride.setState({ name: null });
  }, [name]);
}

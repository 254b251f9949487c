import type { CSSProperties } from 'react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Toaster as Sonner } from 'sonner';
import { TOAST_DURATION_MS } from '@therapy/contracts/constants';
import { toasterReady } from '@/lib/toast';

// Spec §2: toasts top right, 4 s, with distinct success (green) and error (red) colours, dark text for AA contrast.
const toastColours = {
  '--success-bg': '#f0fdf4',
  '--success-border': '#86efac',
  '--success-text': '#14532d',
  '--error-bg': '#fef2f2',
  '--error-border': '#fca5a5',
  '--error-text': '#7f1d1d',
} as CSSProperties;

/** Loaded on the first toast (see lib/toast.ts). */
export function Toaster() {
  const { t } = useTranslation();
  // Effects run child-first, so sonner's own subscription is in place when this one reports ready.
  useEffect(() => toasterReady(), []);
  return (
    <Sonner
      position="top-right"
      // Below the sticky 64 px header: a toast must never sit on top of the navigation (or the sign-in link).
      offset={{ top: 76, right: 16 }}
      mobileOffset={{ top: 72, right: 12, left: 12 }}
      duration={TOAST_DURATION_MS}
      richColors
      closeButton
      style={toastColours}
      containerAriaLabel={t('shell.notifications')}
      toastOptions={{ closeButtonAriaLabel: t('ui.close') }}
    />
  );
}

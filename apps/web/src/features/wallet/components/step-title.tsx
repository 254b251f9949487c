import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { DialogTitle } from '@/components/ui/dialog';

/**
 * The title of a later step of a modal. The button that led here is gone, so focus moves to the new title: keyboard
 * and screen-reader users hear where they are instead of being dropped at the top of the page.
 */
export function StepTitle({ children, className }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <DialogTitle ref={ref} tabIndex={-1} className={clsx('outline-none', className)}>
      {children}
    </DialogTitle>
  );
}

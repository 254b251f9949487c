import { clsx } from 'clsx';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

interface StatusPageProps {
  icon: LucideIcon;
  /** Red for errors, the brand colour for "nothing here". */
  tone?: 'brand' | 'error';
  /** A short line above the heading, e.g. "404". */
  eyebrow?: string;
  title: ReactNode;
  body: ReactNode;
  /** The way out (links or buttons). */
  children: ReactNode;
}

/** A whole page that says something went wrong or is not there, with the page's h1 and a way out. */
export function StatusPage({ icon: Icon, tone = 'brand', eyebrow, title, body, children }: StatusPageProps) {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-16 text-center">
      <span
        className={clsx(
          'mb-4 flex size-14 items-center justify-center rounded-full',
          tone === 'error' ? 'bg-red-50 text-red-700' : 'bg-brand-50 text-brand-700',
        )}
      >
        <Icon className="size-7" aria-hidden="true" />
      </span>
      {eyebrow && <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{eyebrow}</p>}
      <h1 className={clsx('text-2xl font-bold text-slate-900', eyebrow && 'mt-2')}>{title}</h1>
      <p className="mt-3 text-slate-700">{body}</p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">{children}</div>
    </div>
  );
}

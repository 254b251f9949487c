import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

interface EmptyStateProps {
  icon: LucideIcon;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  /** Heading level that fits the page outline (headings must not skip levels). */
  headingLevel?: 1 | 2 | 3;
}

export function EmptyState({ icon: Icon, title, description, action, headingLevel = 2 }: EmptyStateProps) {
  const Heading = (['h1', 'h2', 'h3'] as const)[headingLevel - 1]!;
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <span className="mb-4 flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Icon className="size-7" aria-hidden="true" />
      </span>
      <Heading className="text-lg font-semibold text-slate-900">{title}</Heading>
      {description && <p className="mt-2 max-w-md text-sm text-slate-700">{description}</p>}
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}

import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { Card } from './ui/card';
import { Spinner } from './ui/spinner';

/** A page section as a card: icon, h2 title, optional description; the section is named by its title. */
export function SectionCard({
  icon: Icon,
  title,
  description,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card>
      <section aria-labelledby={headingId}>
        <div className="flex items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <h2 id={headingId} className="text-lg font-semibold text-slate-900">
              {title}
            </h2>
            {description && <p className="mt-1 text-sm text-slate-700">{description}</p>}
          </div>
        </div>
        <div className="mt-5">{children}</div>
      </section>
    </Card>
  );
}

/** Loading, error (with retry) and content of a section that waits for a query. */
export function SectionStatus({
  loading,
  error,
  onRetry,
  loadingLabel,
  errorText,
  retryLabel,
}: {
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  loadingLabel: string;
  errorText: string;
  retryLabel: string;
}) {
  if (loading) {
    return (
      <div className="flex justify-center py-6 text-brand-700">
        <span role="status" className="inline-flex items-center gap-2 text-sm text-slate-700">
          <Spinner size="md" className="text-brand-700" />
          {loadingLabel}
        </span>
      </div>
    );
  }
  if (error) {
    return (
      <Alert
        tone="error"
        action={
          <Button size="sm" variant="secondary" onClick={onRetry}>
            {retryLabel}
          </Button>
        }
      >
        {errorText}
      </Alert>
    );
  }
  return null;
}

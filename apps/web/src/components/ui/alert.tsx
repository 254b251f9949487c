import { clsx } from 'clsx';
import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

export type AlertTone = 'info' | 'success' | 'warning' | 'error';

const tones: Record<AlertTone, { box: string; Icon: typeof Info }> = {
  info: { box: 'border-sky-300 bg-sky-50 text-sky-950', Icon: Info },
  success: { box: 'border-green-300 bg-green-50 text-green-950', Icon: CircleCheck },
  warning: { box: 'border-amber-300 bg-amber-50 text-amber-950', Icon: TriangleAlert },
  error: { box: 'border-red-300 bg-red-50 text-red-950', Icon: CircleAlert },
};

interface AlertProps {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  className?: string;
}

/** Errors interrupt (role=alert); everything else is announced politely (role=status). */
export function Alert({ tone = 'info', title, children, action, className }: AlertProps) {
  const { box, Icon } = tones[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={clsx('flex flex-col gap-3 rounded-xl border p-4 sm:flex-row sm:items-start', box, className)}
    >
      <Icon className="size-5 shrink-0" aria-hidden="true" />
      <div className="min-w-0 flex-1 text-sm">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div className={clsx(title && 'mt-1')}>{children}</div>}
      </div>
      {action && <div className="shrink-0">{action}</div>}
    </div>
  );
}

import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

/** The narrow, centred frame shared by the sign-in, sign-up and password pages. */
export function AuthCard({
  title,
  lead,
  children,
  wide,
}: {
  title: ReactNode;
  lead?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={`mx-auto w-full px-4 py-10 sm:py-14 ${wide ? 'max-w-2xl' : 'max-w-md'}`}>
      <Card>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        {lead && <p className="mt-2 text-slate-700">{lead}</p>}
        <div className="mt-6">{children}</div>
      </Card>
    </div>
  );
}

import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';

export function FormSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby={id}>
        <h2 id={id} className="text-lg font-semibold text-slate-900 dark:text-white">
          {title}
        </h2>
        {description ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{description}</p> : null}
        <div className="mt-5">{children}</div>
      </section>
    </Card>
  );
}

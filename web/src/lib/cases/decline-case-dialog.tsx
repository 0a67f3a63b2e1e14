import { type ComponentProps, lazy, Suspense } from 'react';

// The decline dialog, loaded when a specialist first opens it (its form validation brings zod).

const DeclineDialog = lazy(() => import('./decline-dialog'));

export function DeclineCaseDialog(props: ComponentProps<typeof DeclineDialog>) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <DeclineDialog {...props} />
    </Suspense>
  );
}

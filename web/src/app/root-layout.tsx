import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { FullPageSpinner } from '../components/ui/spinner';
import { useDocumentTitle } from './document-title';

/** Keeps the title in step and hosts lazy routes. The guards wait for the session check (./guards.tsx). */
export function RootLayout() {
  useDocumentTitle();
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Outlet />
    </Suspense>
  );
}

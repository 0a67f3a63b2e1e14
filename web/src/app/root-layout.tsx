import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { FullPageSpinner } from '../components/ui/spinner';
import { useAuth } from '../lib/auth/auth-context';
import { useDocumentTitle } from './document-title';

/** Waits for the session check (centred spinner), keeps the title in step, and hosts lazy routes. */
export function RootLayout() {
  const { loading } = useAuth();
  useDocumentTitle();
  if (loading) return <FullPageSpinner label="Loading session..." />;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Outlet />
    </Suspense>
  );
}

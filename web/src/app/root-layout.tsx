import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { FullPageSpinner } from '../components/ui/spinner';
import { useAuth } from '../lib/auth/auth-context';
import { useNotificationNavigation } from '../lib/notification-navigation';
import { useDocumentTitle } from './document-title';

/**
 * Waits for the session check (centred spinner), keeps the title in step, opens the case a browser
 * notification was clicked for, and hosts lazy routes.
 */
export function RootLayout() {
  const { loading } = useAuth();
  useDocumentTitle();
  useNotificationNavigation();
  if (loading) return <FullPageSpinner label="Loading session..." />;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Outlet />
    </Suspense>
  );
}

import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { FullPageSpinner } from '../components/ui/spinner';
import { useNotificationNavigation } from '../lib/notification-navigation';
import { useDocumentTitle } from './document-title';

/**
 * Keeps the title in step, opens the case a browser notification was clicked for, and hosts lazy
 * routes. The guards wait for the session check (./guards.tsx).
 */
export function RootLayout() {
  useDocumentTitle();
  useNotificationNavigation();
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Outlet />
    </Suspense>
  );
}

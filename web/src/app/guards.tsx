import { type ReactNode, useEffect } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { FullPageSpinner } from '../components/ui/spinner';
import { homePathFor, useAuth } from '../lib/auth/auth-context';
import { toast } from '../lib/toasts';

// Route guards of SPEC §2's route table. The paths that need a signed-in user show the centred spinner
// while the session loads (SPEC §2); /auth and /reset-password/:token need none, so they show at once
// (issue 17: the sign-in form does not wait for the session check, which loads the Apollo client).

function SessionSpinner() {
  return <FullPageSpinner label="Loading session..." />;
}

/** Every path but /auth and /reset-password/:token needs a signed-in user. */
export function RequireAuth() {
  const { user, loading } = useAuth();
  if (loading) return <SessionSpinner />;
  if (!user) return <Navigate to="/auth" replace />;
  return <Outlet />;
}

/** /auth: a signed-in user goes to /dashboard, or right after signing in, to their role's landing page.
 * The form shows while the session check runs; a restored session then leaves the page. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const { user, landingPath } = useAuth();
  if (user) return <Navigate to={landingPath ?? '/dashboard'} replace />;
  return children;
}

/** /: by role. */
export function RootRedirect() {
  const { user, loading } = useAuth();
  if (loading) return <SessionSpinner />;
  return <Navigate to={user ? homePathFor(user) : '/auth'} replace />;
}

/** /availability: specialists only; anyone else goes back to the dashboard with the Access Denied alert. */
export function SpecialistsOnly() {
  const { user } = useAuth();
  const denied = user?.role !== 'SPECIALIST';
  useEffect(() => {
    if (denied) {
      toast({
        title: 'Access Denied',
        description: 'Only specialists can access the availability page.',
        variant: 'destructive',
      });
    }
  }, [denied]);
  if (denied) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}

import { lazy } from 'react';
import { createBrowserRouter, Navigate } from 'react-router-dom';
import { PublicOnly, RequireAuth, RootRedirect, SpecialistsOnly } from './guards';
import { RootLayout } from './root-layout';

// The route table of SPEC §2. Every screen is its own chunk (React.lazy), and so is the signed-in frame
// (header, sidebar, menus): the sign-in page loads neither. Guards are in the entry; the frame stays
// mounted while its screens change, so navigation keeps the header.

const AppFrame = lazy(() => import('../components/layout/app-frame').then((m) => ({ default: m.AppFrame })));
const AuthRoute = lazy(() => import('./routes/auth'));
const ResetPasswordRoute = lazy(() => import('./routes/reset-password'));
const DashboardRoute = lazy(() => import('./routes/dashboard'));
const SpecialistDashboardRoute = lazy(() => import('./routes/specialist-dashboard'));
const ConsultsRoute = lazy(() => import('./routes/consults'));
const NewConsultRoute = lazy(() => import('./routes/consult-new'));
const RevisitRoute = lazy(() => import('./routes/consult-revisit'));
const CaseDetailRoute = lazy(() => import('./routes/consult-detail'));
const AvailabilityRoute = lazy(() => import('./routes/availability'));
const SettingsRoute = lazy(() => import('./routes/settings'));
const ProfileRoute = lazy(() => import('./routes/profile'));
const AdminSpecialistsRoute = lazy(() => import('./routes/admin-specialists'));
const AdminUsersRoute = lazy(() => import('./routes/admin-users'));
// The operations dashboard and its chart library (visx) load only on this route (issue 19).
const AdminOperationsRoute = lazy(() => import('./routes/admin-operations'));
const NotFoundRoute = lazy(() => import('./routes/not-found'));

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      {
        path: '/auth',
        element: (
          <PublicOnly>
            <AuthRoute />
          </PublicOnly>
        ),
      },
      { path: '/reset-password', element: <Navigate to="/auth" replace /> },
      { path: '/reset-password/:token', element: <ResetPasswordRoute /> },
      { path: '/', element: <RootRedirect /> },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppFrame />,
            children: [
              { path: '/dashboard', element: <DashboardRoute /> },
              { path: '/specialist-dashboard', element: <SpecialistDashboardRoute /> },
              { path: '/consults', element: <ConsultsRoute /> },
              { path: '/consults/new', element: <NewConsultRoute /> },
              { path: '/consults/revisit/:caseUuid', element: <RevisitRoute /> },
              { path: '/consults/:uuid', element: <CaseDetailRoute /> },
              {
                element: <SpecialistsOnly />,
                children: [{ path: '/availability', element: <AvailabilityRoute /> }],
              },
              { path: '/settings', element: <SettingsRoute /> },
              { path: '/profile', element: <ProfileRoute /> },
              { path: '/admin/specialists', element: <AdminSpecialistsRoute /> },
              { path: '/admin/users', element: <AdminUsersRoute /> },
              { path: '/admin/operations', element: <AdminOperationsRoute /> },
              { path: '*', element: <NotFoundRoute /> },
            ],
          },
        ],
      },
    ],
  },
]);

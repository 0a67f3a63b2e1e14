import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { WithApollo } from '../lib/lazy-apollo';
import { PublicOnly, RequireAuth, RootRedirect, SpecialistsOnly } from './guards';
import { RootLayout } from './root-layout';

// The route table of SPEC §2. Every screen is its own chunk (React.lazy), and so is the signed-in frame
// (header, sidebar, menus): the sign-in page loads neither. Guards are in the entry; the frame stays
// mounted while its screens change, so navigation keeps the header. The screens that use Apollo's hooks
// (the signed-in frame and everything in it, the reset page) render inside <WithApollo>, itself a chunk:
// /auth shows without it (the Register and Reset Password tabs load it with themselves).

const loadAppFrame = () => import('../components/layout/app-frame');
const AppFrame = lazy(() => loadAppFrame().then((m) => ({ default: m.AppFrame })));
// The notification bell (issue 14) is a chunk of its own too (its popover), shown by both frames.
const NotificationBell = lazy(() => import('../features/notifications/components/notification-bell'));
const AuthRoute = lazy(() => import('./routes/auth'));
const loadResetPassword = () => import('./routes/reset-password');
const ResetPasswordRoute = lazy(loadResetPassword);

/** The reset page inside the Apollo provider; its chunk is fetched beside the provider's, not after it. */
function ResetPasswordPage() {
  void loadResetPassword().catch(() => undefined);
  return (
    <WithApollo>
      <ResetPasswordRoute />
    </WithApollo>
  );
}
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
const loadAdminOperations = () => import('./routes/admin-operations');
const AdminOperationsRoute = lazy(loadAdminOperations);

/**
 * The screens whose chunks are fetched at start when the page is opened on them (a reload, a bookmark):
 * beside the session check instead of after it, then after the frame; the operations dashboard asks for its
 * report then too (issue 19: under 1 s on 10,000 cases, `npm run bench:operations -- --browser`).
 */
const SCREENS_TO_PRELOAD: ReadonlyArray<readonly [RegExp, () => Promise<unknown>]> = [
  [
    /^\/admin\/operations\/?$/,
    () =>
      Promise.all([
        loadAdminOperations(),
        import('../features/operations/api/operations-report').then((m) => m.prefetchOperationsReport()),
      ]),
  ],
];

export function preloadScreen(pathname: string): void {
  const screen = SCREENS_TO_PRELOAD.find(([path]) => path.test(pathname));
  if (!screen) return;
  void loadAppFrame().catch(() => undefined);
  void screen[1]().catch(() => undefined);
}
const NotFoundRoute = lazy(() => import('./routes/not-found'));

/** The route table, in React Router's declarative mode: the app uses no loader, action or data API, and
 * the data router's code (createBrowserRouter) would add about 10 KB gzipped to every first load. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route
          path="/auth"
          element={
            <PublicOnly>
              <AuthRoute />
            </PublicOnly>
          }
        />
        <Route path="/reset-password" element={<Navigate to="/auth" replace />} />
        <Route path="/reset-password/:token" element={<ResetPasswordPage />} />
        <Route path="/" element={<RootRedirect />} />
        <Route element={<RequireAuth />}>
          <Route
            element={
              <WithApollo>
                <AppFrame
                  bell={
                    <Suspense fallback={<span aria-hidden="true" className="block size-10" />}>
                      <NotificationBell />
                    </Suspense>
                  }
                />
              </WithApollo>
            }
          >
            <Route path="/dashboard" element={<DashboardRoute />} />
            <Route path="/specialist-dashboard" element={<SpecialistDashboardRoute />} />
            <Route path="/consults" element={<ConsultsRoute />} />
            <Route path="/consults/new" element={<NewConsultRoute />} />
            <Route path="/consults/revisit/:caseUuid" element={<RevisitRoute />} />
            <Route path="/consults/:uuid" element={<CaseDetailRoute />} />
            <Route element={<SpecialistsOnly />}>
              <Route path="/availability" element={<AvailabilityRoute />} />
            </Route>
            <Route path="/settings" element={<SettingsRoute />} />
            <Route path="/profile" element={<ProfileRoute />} />
            <Route path="/admin/specialists" element={<AdminSpecialistsRoute />} />
            <Route path="/admin/users" element={<AdminUsersRoute />} />
            <Route path="/admin/operations" element={<AdminOperationsRoute />} />
            <Route path="*" element={<NotFoundRoute />} />
          </Route>
        </Route>
      </Route>
    </Routes>
  );
}

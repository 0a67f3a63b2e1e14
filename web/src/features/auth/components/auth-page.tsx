import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { preloadApollo, WithApollo } from '../../../lib/lazy-apollo';
import { AuthLayout } from './auth-layout';
import { LoginForm } from './login-form';
import { RegistrationComplete } from './registration-complete';

// /auth (SPEC §2): sign in, register, request a password reset. The first download is what the Login
// tab needs; the Register and Reset Password tabs (and zod, which their forms and the address control
// validate with) are chunks loaded right after the page shows, before anyone can pick a tab; so is the
// Apollo client, which their hooks need (<WithApollo>; the Login tab signs in through useAuth).

const loadRegisterForm = () => import('./register-form');
const loadResetRequestForm = () => import('./reset-request-form');
const RegisterForm = lazy(() => loadRegisterForm().then((m) => ({ default: m.RegisterForm })));
const ResetRequestForm = lazy(() => loadResetRequestForm().then((m) => ({ default: m.ResetRequestForm })));

function TabLoading() {
  return (
    <div className="flex justify-center py-10">
      <Spinner label="Loading..." />
    </div>
  );
}

const TABS = ['Login', 'Register', 'Reset Password'] as const;
const LOGIN = 0;
const RESET = 2;

export function AuthPage() {
  const [tab, setTab] = useState(LOGIN);
  const [registrationDone, setRegistrationDone] = useState(false);
  useEffect(() => {
    void loadRegisterForm().catch(() => undefined);
    void loadResetRequestForm().catch(() => undefined);
    void preloadApollo().catch(() => undefined);
  }, []);

  return (
    <AuthLayout themeLabels="responsive">
      <div className="mb-8 max-w-xl text-center">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
          Welcome To VetConsult!
        </h1>
        <p className="mt-3 text-base text-slate-600 dark:text-slate-300">
          Access to Veterinary Specialists for Veterinary Teams.
        </p>
      </div>
      <Card className="w-full max-w-lg p-6 sm:p-8">
        <TabGroup selectedIndex={tab} onChange={setTab}>
          <TabList className="mb-6 grid grid-cols-3 gap-1 rounded-xl bg-slate-100 p-1 dark:bg-slate-800">
            {TABS.map((label) => (
              <Tab
                key={label}
                className="rounded-lg px-2 py-2 text-sm font-medium text-slate-600 transition-colors hover:text-slate-900 focus:outline-none data-focus:outline-2 data-focus:outline-brand-600 data-selected:bg-white data-selected:text-slate-900 data-selected:shadow-sm dark:text-slate-300 dark:hover:text-white dark:data-selected:bg-slate-950 dark:data-selected:text-white"
              >
                {label}
              </Tab>
            ))}
          </TabList>
          <TabPanels>
            <TabPanel className="focus:outline-none">
              <LoginForm onForgotPassword={() => setTab(RESET)} />
            </TabPanel>
            <TabPanel className="focus:outline-none">
              {registrationDone ? (
                <RegistrationComplete
                  onContinue={() => {
                    setRegistrationDone(false);
                    setTab(LOGIN);
                  }}
                />
              ) : (
                <Suspense fallback={<TabLoading />}>
                  <WithApollo>
                    <RegisterForm onRegistered={(signedIn) => setRegistrationDone(!signedIn)} />
                  </WithApollo>
                </Suspense>
              )}
            </TabPanel>
            <TabPanel className="focus:outline-none">
              <Suspense fallback={<TabLoading />}>
                <WithApollo>
                  <ResetRequestForm onBackToLogin={() => setTab(LOGIN)} />
                </WithApollo>
              </Suspense>
            </TabPanel>
          </TabPanels>
        </TabGroup>
      </Card>
    </AuthLayout>
  );
}

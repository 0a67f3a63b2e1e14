import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import type { AuthUser } from '../../../lib/auth/auth-context';
import { AccountPanel } from './account-panel';
import { ApiAccessPanel } from './api-access-panel';
import { NotificationsPanel } from './notifications-panel';
import { PasswordPanel } from './password-panel';

// SPEC §2 /settings: Account, Password, Notifications, API access (issue 20: personal access tokens), and for the administrator an Admin tab whose
// content the route provides (it belongs to the admin feature).

const TAB =
  'whitespace-nowrap rounded-lg px-4 py-2 text-sm font-medium text-slate-600 transition-colors hover:text-slate-900 focus:outline-none data-focus:outline-2 data-focus:outline-brand-600 data-selected:bg-white data-selected:text-slate-900 data-selected:shadow-sm dark:text-slate-300 dark:hover:text-white dark:data-selected:bg-slate-950 dark:data-selected:text-white';

export function SettingsTabs({ user, adminPanel }: { user: AuthUser; adminPanel?: ReactNode }) {
  return (
    <TabGroup>
      <TabList
        aria-label="Settings sections"
        className="mb-6 flex max-w-full gap-1 overflow-x-auto rounded-xl bg-slate-100 p-1 sm:inline-flex dark:bg-slate-800"
      >
        <Tab className={TAB}>Account</Tab>
        <Tab className={TAB}>Password</Tab>
        <Tab className={TAB}>Notifications</Tab>
        <Tab className={TAB}>API access</Tab>
        {adminPanel ? <Tab className={TAB}>Admin</Tab> : null}
      </TabList>
      <TabPanels>
        <TabPanel className="focus:outline-none">
          <Card className="p-5 sm:p-6">
            <AccountPanel user={user} />
          </Card>
        </TabPanel>
        <TabPanel className="focus:outline-none">
          <Card className="p-5 sm:p-6">
            <PasswordPanel />
          </Card>
        </TabPanel>
        <TabPanel className="focus:outline-none">
          <Card className="p-5 sm:p-6">
            <NotificationsPanel />
          </Card>
        </TabPanel>
        <TabPanel className="focus:outline-none">
          <Card className="p-5 sm:p-6">
            <ApiAccessPanel />
          </Card>
        </TabPanel>
        {adminPanel ? (
          <TabPanel className="focus:outline-none">
            <Card className="p-5 sm:p-6">{adminPanel}</Card>
          </TabPanel>
        ) : null}
      </TabPanels>
    </TabGroup>
  );
}

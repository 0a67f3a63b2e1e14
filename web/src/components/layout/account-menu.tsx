import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { Link } from 'react-router-dom';
import { useAuth } from '../../lib/auth/auth-context';
import { roleLabel } from '../../lib/roles';
import { setShell } from '../../lib/shell';
import { Icon } from '../ui/icon';
import { ThemeSwitcher } from '../ui/theme-switcher';
import { AvatarImage, useSignOut } from './navigation';

// The header frame between 768 and 1,279 px: the navigation links take the row, so the theme switch,
// the layout switch, the profile link and Logout sit behind the user's avatar. From 1,280 px they are
// in the row itself; below 768 px in the toggle menu.

const ITEM =
  'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-200 dark:hover:bg-slate-800 dark:hover:text-white';

export function AccountMenu({ className = '' }: { className?: string }) {
  const { user } = useAuth();
  const signOut = useSignOut();
  if (!user) return null;
  return (
    <Popover className={`relative ${className}`}>
      <PopoverButton
        className="flex items-center gap-1 rounded-full p-0.5 text-slate-600 hover:bg-slate-100 focus:outline-none data-focus:outline-2 data-focus:outline-brand-600 dark:text-slate-300 dark:hover:bg-slate-800"
        title={user.name}
      >
        <span className="sr-only">Account menu</span>
        <AvatarImage name={user.name} photoUrl={user.profilePhotoUrl} />
        <Icon name="chevron-down-solid" className="size-4" />
      </PopoverButton>
      <PopoverPanel
        anchor={{ to: 'bottom end', gap: 8, padding: 12 }}
        className="z-50 w-64 rounded-2xl border border-slate-200 bg-white p-3 shadow-xl dark:border-slate-700 dark:bg-slate-900"
      >
        {({ close }) => (
          <div className="space-y-3">
            <div className="min-w-0 px-1">
              <p className="truncate text-sm font-semibold text-slate-900 dark:text-white">{user.name}</p>
              <p className="truncate text-xs text-slate-600 dark:text-slate-400">{roleLabel(user.role)}</p>
            </div>
            <div className="px-1">
              <ThemeSwitcher />
            </div>
            <div className="space-y-1 border-t border-slate-200 pt-2 dark:border-slate-800">
              <Link to="/profile" className={ITEM} onClick={() => close()}>
                <Icon name="user-circle" className="size-5 shrink-0" />
                Profile
              </Link>
              <button type="button" className={ITEM} onClick={() => setShell('sidebar')}>
                <Icon name="view-columns" className="size-5 shrink-0" />
                Switch to sidebar layout
              </button>
              <button
                type="button"
                className={ITEM}
                onClick={() => {
                  close();
                  void signOut();
                }}
              >
                <Icon name="sign-out" className="size-5 shrink-0" />
                Logout
              </button>
            </div>
          </div>
        )}
      </PopoverPanel>
    </Popover>
  );
}

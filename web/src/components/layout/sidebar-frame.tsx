import { Dialog, DialogPanel } from '@headlessui/react';
import { type ReactNode, Suspense } from 'react';
import { Link, NavLink, Outlet } from 'react-router-dom';
import { useAuth } from '../../lib/auth/auth-context';
import { roleLabel } from '../../lib/roles';
import { useMediaQuery } from '../../lib/use-media-query';
import { Icon } from '../ui/icon';
import { LiveIndicator } from '../ui/live-indicator';
import { Logo } from '../ui/logo';
import { FullPageSpinner } from '../ui/spinner';
import { ThemeSwitcher } from '../ui/theme-switcher';
import { AvatarImage, type NavEntry, ShellSwitch, UserAvatar, useNavEntries, useSignOut } from './navigation';
import { SiteFooter } from './site-footer';
import { useNavMenu } from './use-nav-menu';

// The second frame of SPEC §2 "Page frame and navigation": a fixed sidebar on desktop; on mobile a
// top bar with a slide-out menu plus a tab strip (dashboard, consults, availability). The menu shows
// the user's photo or initials, name and role; the active link is highlighted. A spinner while the
// user loads, nothing when nobody is signed in.

const sideLink = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors ${
    isActive
      ? 'bg-brand-50 text-brand-800 dark:bg-brand-950 dark:text-brand-200'
      : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white'
  }`;

const tabLink = ({ isActive }: { isActive: boolean }) =>
  `flex flex-1 flex-col items-center gap-0.5 py-2 text-xs font-medium ${
    isActive ? 'text-brand-700 dark:text-brand-300' : 'text-slate-600 dark:text-slate-300'
  }`;

/** The menu: entries, then Sign out. Used by the fixed sidebar and the mobile slide-out alike. */
function SidebarMenu({ entries, onNavigate }: { entries: NavEntry[]; onNavigate?: () => void }) {
  const { user } = useAuth();
  const signOut = useSignOut(onNavigate);
  if (!user) return null;
  return (
    <div className="flex h-full flex-col gap-6">
      <div className="flex items-center gap-3 rounded-xl bg-slate-50 p-3 dark:bg-slate-900">
        <AvatarImage name={user.name} photoUrl={user.profilePhotoUrl} size="size-10" />
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold text-slate-900 dark:text-white" title={user.name}>
            {user.name}
          </p>
          <p className="truncate text-xs text-slate-600 dark:text-slate-400">{roleLabel(user.role)}</p>
        </div>
      </div>
      <nav aria-label="Main">
        <ul className="space-y-1">
          {entries.map((entry) => (
            <li key={entry.to}>
              <NavLink to={entry.to} className={sideLink} onClick={onNavigate}>
                <Icon name={entry.icon} className="size-5 shrink-0" />
                {entry.sidebarLabel ?? entry.label}
              </NavLink>
            </li>
          ))}
          <li>
            <button
              type="button"
              onClick={signOut}
              className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
            >
              <Icon name="sign-out" className="size-5 shrink-0" />
              Sign out
            </button>
          </li>
        </ul>
      </nav>
      {/* Two rows: the live indicator ("Reconnecting") and the switches do not fit one 16rem row. */}
      <div className="mt-auto space-y-3 border-t border-slate-200 pt-4 dark:border-slate-800">
        <LiveIndicator />
        <div className="flex items-center justify-between gap-2">
          <ThemeSwitcher labels="hidden" />
          <ShellSwitch to="header" />
        </div>
      </div>
    </div>
  );
}

/** `bell`: the notification bell, mounted once — in the fixed sidebar from 768 px, in the top bar below. */
export function SidebarFrame({ bell }: { bell?: ReactNode }) {
  const { user, loading } = useAuth();
  const desktop = useMediaQuery('(min-width: 768px)');
  const entries = useNavEntries('sidebar');
  const [menuOpen, setMenuOpen] = useNavMenu();

  if (loading) return <FullPageSpinner label="Loading session..." />;
  if (!user) return null;
  const tabs = entries.filter((entry) => entry.tab);

  return (
    <div className="flex min-h-screen flex-col pb-16 md:pb-0 md:pl-64">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-3 py-2 text-sm font-medium text-slate-900 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 dark:bg-slate-900 dark:text-white"
      >
        Skip to content
      </a>
      <aside
        aria-label="Sidebar"
        className="fixed inset-y-0 left-0 z-40 hidden w-64 flex-col gap-6 border-r border-slate-200 bg-white px-4 py-5 md:flex dark:border-slate-800 dark:bg-slate-950"
      >
        <div className="flex items-center justify-between gap-2">
          <Link to="/dashboard" className="rounded-lg px-1" aria-label="VetConsult home">
            <Logo />
          </Link>
          {desktop ? bell : null}
        </div>
        <SidebarMenu entries={entries} />
      </aside>

      <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-slate-200 bg-white/90 px-4 backdrop-blur md:hidden dark:border-slate-800 dark:bg-slate-950/90">
        <button
          type="button"
          className="inline-flex items-center justify-center rounded-lg p-2 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
        >
          <span className="sr-only">Open menu</span>
          <Icon name="bars-3" className="size-6" />
        </button>
        {/* With the bell, the name does not fit beside the menu button and the avatar below 360 px. */}
        <Link to="/dashboard" className="shrink-0 rounded-lg" aria-label="VetConsult home">
          <Logo wordmarkClassName="max-[359.98px]:hidden" />
        </Link>
        <div className="ml-auto flex shrink-0 items-center gap-2">
          <LiveIndicator textClassName="max-sm:sr-only" />
          {desktop ? null : bell}
          <UserAvatar name={user.name} photoUrl={user.profilePhotoUrl} />
        </div>
      </header>

      <Dialog open={menuOpen} onClose={() => setMenuOpen(false)} aria-label="Menu" className="relative z-50 md:hidden">
        <div className="fixed inset-0 bg-slate-950/50 backdrop-blur-sm" aria-hidden="true" />
        <DialogPanel className="fixed inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col gap-6 overflow-y-auto bg-white px-4 py-5 shadow-xl dark:bg-slate-950">
          <div className="flex items-center justify-between">
            <Logo />
            <button
              type="button"
              onClick={() => setMenuOpen(false)}
              className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
            >
              <span className="sr-only">Close menu</span>
              <Icon name="x-mark" className="size-6" />
            </button>
          </div>
          <SidebarMenu entries={entries} onNavigate={() => setMenuOpen(false)} />
        </DialogPanel>
      </Dialog>

      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6">
        <Suspense fallback={<FullPageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />

      <nav
        aria-label="Tabs"
        className="fixed inset-x-0 bottom-0 z-30 flex border-t border-slate-200 bg-white/95 backdrop-blur md:hidden dark:border-slate-800 dark:bg-slate-950/95"
      >
        {tabs.map((entry) => (
          <NavLink key={entry.to} to={entry.to} className={tabLink}>
            <Icon name={entry.icon} className="size-6" />
            {entry.sidebarLabel ?? entry.label}
          </NavLink>
        ))}
      </nav>
    </div>
  );
}

import { lazy, type ReactNode, Suspense, useId } from 'react';
import { Link, NavLink, Outlet } from 'react-router-dom';
import { useAuth } from '../../lib/auth/auth-context';
import { setShell, useShell } from '../../lib/shell';
import { useMediaQuery } from '../../lib/use-media-query';
import { Icon } from '../ui/icon';
import { LiveIndicator } from '../ui/live-indicator';
import { Logo } from '../ui/logo';
import { FullPageSpinner } from '../ui/spinner';
import { ThemeSwitcher } from '../ui/theme-switcher';
import { ShellSwitch, UserAvatar, useNavEntries, useSignOut } from './navigation';
import { SidebarFrame } from './sidebar-frame';
import { SiteFooter } from './site-footer';
import { useNavMenu } from './use-nav-menu';

// The signed-in page frame (SPEC §2 "Page frame and navigation"): header with logo, theme switch,
// navigation and logout; below 768 px the navigation collapses into a toggle menu. The second variant
// of the spec, with a fixed sidebar, is sidebar-frame.tsx; lib/shell.ts keeps the user's choice.

// The account menu (a Headless UI popover with its floating-panel code, ~15 KB gzipped) shows only from
// 768 to 1,279 px (to 1,535 px for the administrator's longer row of links): it is loaded, and mounted,
// only at those widths.
const AccountMenu = lazy(() => import('./account-menu').then((m) => ({ default: m.AccountMenu })));
const ACCOUNT_MENU_WIDTHS = '(min-width: 768px) and (max-width: 1279.98px)';
const WIDE_ACCOUNT_MENU_WIDTHS = '(min-width: 768px) and (max-width: 1535.98px)';

/** What the frames show that belongs to a feature (composed by app/router.tsx: components import no feature). */
export interface FrameSlots {
  /** The notification bell (issue 14), in the header's row or the sidebar's top. */
  bell?: ReactNode;
}

/** The frame the user chose: the header frame (default) or the sidebar frame. */
export function AppFrame({ bell }: FrameSlots) {
  return useShell() === 'sidebar' ? <SidebarFrame bell={bell} /> : <HeaderFrame bell={bell} />;
}

const desktopLink = ({ isActive }: { isActive: boolean }) =>
  `whitespace-nowrap rounded-lg px-2.5 py-2 lg:px-3 text-sm font-medium transition-colors ${
    isActive
      ? 'bg-brand-50 text-brand-800 dark:bg-brand-950 dark:text-brand-200'
      : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white'
  }`;

const mobileLink = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-2.5 text-base font-medium ${
    isActive
      ? 'bg-brand-50 text-brand-800 dark:bg-brand-950 dark:text-brand-200'
      : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800'
  }`;

function HeaderFrame({ bell }: FrameSlots) {
  const { user } = useAuth();
  const [menuOpen, setMenuOpen] = useNavMenu();
  const menuId = useId();
  const accountMenuWidths = useMediaQuery(ACCOUNT_MENU_WIDTHS);
  const wideAccountMenuWidths = useMediaQuery(WIDE_ACCOUNT_MENU_WIDTHS);

  const entries = useNavEntries();
  const wide = entries.length > 6;
  const withAccountMenu = wide ? wideAccountMenuWidths : accountMenuWidths;
  const onLogout = useSignOut(() => setMenuOpen(false));

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-3 py-2 text-sm font-medium text-slate-900 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 dark:bg-slate-900 dark:text-white"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
        {/*
          What fits a row, by width: below 768 px the logo, the live dot and the toggle menu (theme,
          links, layout and Logout inside it); 768-1,279 px the links in the row and the rest behind the
          avatar (AccountMenu), the logo without its name below 1,024 px; from 1,280 px everything inline
          (for the administrator's seven links, from 1,536 px).
          The links may shrink (min-w-0) but never push the row past the screen.
        */}
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:gap-3 sm:px-6 md:px-4 lg:px-6">
          <Link to={user ? '/dashboard' : '/auth'} className="shrink-0 rounded-lg" aria-label="VetConsult home">
            <Logo wordmarkClassName="md:max-lg:hidden" />
          </Link>
          <nav aria-label="Main" className="ml-1 hidden min-w-0 items-center gap-0.5 md:flex lg:ml-4 lg:gap-1">
            {entries.map((entry) => (
              <NavLink key={entry.to} to={entry.to} className={desktopLink}>
                {entry.label}
              </NavLink>
            ))}
          </nav>
          <div className="ml-auto flex shrink-0 items-center gap-2 sm:gap-3">
            <LiveIndicator textClassName="max-sm:sr-only md:max-lg:sr-only" />
            {user ? bell : null}
            {/* The administrator's longer row of links keeps the account menu up to 1,535 px. */}
            <div className={`hidden items-center gap-3 ${wide ? '2xl:flex' : 'xl:flex'}`}>
              <ThemeSwitcher labels="hidden" />
              <ShellSwitch to="sidebar" />
              {user ? <UserAvatar name={user.name} photoUrl={user.profilePhotoUrl} /> : null}
              {user ? (
                <button
                  type="button"
                  onClick={onLogout}
                  className="inline-flex rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
                >
                  Logout
                </button>
              ) : null}
            </div>
            {withAccountMenu ? (
              <Suspense
                fallback={
                  <span aria-hidden="true" className={`hidden size-9 md:block ${wide ? '2xl:hidden' : 'xl:hidden'}`} />
                }
              >
                <AccountMenu className={`hidden md:block ${wide ? '2xl:hidden' : 'xl:hidden'}`} />
              </Suspense>
            ) : null}
            <button
              type="button"
              className="inline-flex items-center justify-center rounded-lg p-2 text-slate-700 hover:bg-slate-100 md:hidden dark:text-slate-200 dark:hover:bg-slate-800"
              aria-expanded={menuOpen}
              aria-controls={menuId}
              onClick={() => setMenuOpen(!menuOpen)}
            >
              <span className="sr-only">{menuOpen ? 'Close menu' : 'Open menu'}</span>
              <Icon name={menuOpen ? 'x-mark' : 'bars-3'} className="size-6" />
            </button>
          </div>
        </div>
        {menuOpen ? (
          <nav
            id={menuId}
            aria-label="Mobile"
            className="border-t border-slate-200 px-4 pt-2 pb-4 md:hidden dark:border-slate-800"
          >
            <div className="flex items-center justify-between gap-3 px-3 py-2">
              <span className="text-sm font-medium text-slate-600 dark:text-slate-300">Theme</span>
              <ThemeSwitcher labels="responsive" />
            </div>
            <ul className="space-y-1">
              {entries.map((entry) => (
                <li key={entry.to}>
                  <NavLink to={entry.to} className={mobileLink} onClick={() => setMenuOpen(false)}>
                    {entry.label}
                  </NavLink>
                </li>
              ))}
              {user ? (
                <li>
                  <button
                    type="button"
                    onClick={onLogout}
                    className="block w-full rounded-lg px-3 py-2.5 text-left text-base font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
                  >
                    Logout
                  </button>
                </li>
              ) : null}
              <li>
                <button
                  type="button"
                  onClick={() => setShell('sidebar')}
                  className="block w-full rounded-lg px-3 py-2.5 text-left text-base font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
                >
                  Switch to sidebar layout
                </button>
              </li>
            </ul>
          </nav>
        ) : null}
      </header>
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6">
        <Suspense fallback={<FullPageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}

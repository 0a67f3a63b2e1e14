import { Link, useNavigate } from 'react-router-dom';
import { useAuth } from '../../lib/auth/auth-context';
import { initialsOf } from '../../lib/initials';
import { type Shell, setShell } from '../../lib/shell';
import { Icon, type IconName } from '../ui/icon';

// What both signed-in frames share: the entries by role, the avatar, signing out and the switch
// between the two frames.

export interface NavEntry {
  to: string;
  /** The header frame's label. */
  label: string;
  /** The sidebar frame's label, where the spec names it differently ("My Consults"). */
  sidebarLabel?: string;
  icon: IconName;
  specialistsOnly?: boolean;
  /** The administrator's pages (the server refuses everyone else). */
  adminOnly?: boolean;
  /** In the sidebar frame's mobile tab strip (dashboard, consults, availability). */
  tab?: boolean;
}

const NAV: NavEntry[] = [
  { to: '/dashboard', label: 'Dashboard', icon: 'home', tab: true },
  { to: '/consults', label: 'Consults', sidebarLabel: 'My Consults', icon: 'document-text', tab: true },
  { to: '/availability', label: 'Availability', icon: 'calendar', specialistsOnly: true, tab: true },
  { to: '/settings', label: 'Settings', icon: 'adjustments' },
  { to: '/profile', label: 'Profile', icon: 'user-circle' },
  { to: '/admin/specialists', label: 'Specialists', icon: 'users', adminOnly: true },
  { to: '/admin/users', label: 'Users', icon: 'users', adminOnly: true },
  { to: '/admin/operations', label: 'Operations', icon: 'chart-bar', adminOnly: true },
];

/** The sidebar frame's order: SPEC §2 lists Profile before Settings there; the administrator's pages last. */
const SIDEBAR_ORDER = [
  '/dashboard',
  '/consults',
  '/availability',
  '/profile',
  '/settings',
  '/admin/specialists',
  '/admin/users',
  '/admin/operations',
];
const sidebarRank = (entry: NavEntry) => SIDEBAR_ORDER.indexOf(entry.to);

/** The entries the signed-in user may see, in the order of the given frame. */
export function useNavEntries(frame: Shell = 'header'): NavEntry[] {
  const { user } = useAuth();
  const entries = NAV.filter(
    (entry) => (!entry.specialistsOnly || user?.role === 'SPECIALIST') && (!entry.adminOnly || user?.role === 'ADMIN'),
  );
  return frame === 'sidebar' ? entries.sort((a, b) => sidebarRank(a) - sidebarRank(b)) : entries;
}

/** Signs out and goes to /auth; `before` runs first (e.g. closing a menu). */
export function useSignOut(before?: () => void): () => Promise<void> {
  const { logout } = useAuth();
  const navigate = useNavigate();
  return async () => {
    before?.();
    await logout();
    navigate('/auth', { replace: true });
  };
}

/** The user's photo or initials. */
export function AvatarImage({
  name,
  photoUrl,
  size = 'size-9',
}: {
  name: string;
  photoUrl?: string | null;
  size?: string;
}) {
  return photoUrl ? (
    <img src={photoUrl} alt="" className={`${size} rounded-full object-cover ring-2 ring-white dark:ring-slate-800`} />
  ) : (
    <span
      aria-hidden="true"
      className={`flex ${size} shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-800 dark:bg-brand-900 dark:text-brand-100`}
    >
      {initialsOf(name)}
    </span>
  );
}

/** The signed-in user's photo or initials, linking to /profile. */
export function UserAvatar({
  name,
  photoUrl,
  className = '',
}: {
  name: string;
  photoUrl?: string | null;
  className?: string;
}) {
  return (
    <Link
      to="/profile"
      title={name}
      className={`shrink-0 rounded-full ${className}`}
      aria-label={`${name}: profile`}
      data-testid="frame-avatar"
    >
      <AvatarImage name={name} photoUrl={photoUrl} />
    </Link>
  );
}

/** Switches to the other frame (the choice is kept in this browser). */
export function ShellSwitch({ to, className = '' }: { to: Shell; className?: string }) {
  const label = to === 'sidebar' ? 'Switch to sidebar layout' : 'Switch to top navigation';
  return (
    <button
      type="button"
      onClick={() => setShell(to)}
      title={label}
      className={`inline-flex items-center justify-center rounded-lg p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white ${className}`}
    >
      <span className="sr-only">{label}</span>
      <Icon name="view-columns" className="size-5" />
    </button>
  );
}

import { Icon } from '../../../components/ui/icon';
import { useAuth } from '../../../lib/auth/auth-context';

/**
 * Shown above an admin page when someone other than the administrator opens its URL. The data below
 * still comes from the server, which refuses it, so the page never claims more than the server says.
 */
export function AdminAccessNotice() {
  const { user } = useAuth();
  if (!user || user.role === 'ADMIN') return null;
  return (
    <div
      role="note"
      className="mb-6 flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100"
    >
      <Icon name="lock-closed-solid" className="mt-0.5 size-5 shrink-0" />
      <div>
        <p className="font-semibold">Administrator access required</p>
        <p className="mt-0.5">
          This page is only available to the VetConsult administrator. You are signed in as {user.name}.
        </p>
      </div>
    </div>
  );
}

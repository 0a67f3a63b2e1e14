import { Icon } from '../../../components/ui/icon';
import type { AuthUser } from '../../../lib/auth/auth-context';
import { roleLabel } from '../../../lib/roles';

// SPEC §2 /settings, Account: read-only, with a note to contact support to change details.

export function AccountPanel({ user }: { user: AuthUser }) {
  const rows: [string, string][] = [
    ['Name', user.name],
    ['Email', user.email],
    ['Username', user.username],
    ['Role', roleLabel(user.role)],
  ];
  if (user.role === 'SPECIALIST') rows.push(['Specialty', user.specialty ?? '—']);
  if (user.role === 'VETERINARIAN') {
    rows.push(['Clinic Name', user.clinicName ?? '—']);
    rows.push(['Clinic Address', user.clinicAddress ?? '—']);
  }
  rows.push(['Time zone', user.timezone]);

  return (
    <div>
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Account Information</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Your account details are shown read-only.</p>
      <dl className="mt-5 divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
        {rows.map(([label, value]) => (
          <div key={label} className="grid gap-1 px-4 py-3 sm:grid-cols-3 sm:gap-4">
            <dt className="text-sm font-medium text-slate-500 dark:text-slate-400">{label}</dt>
            <dd className="text-sm break-words text-slate-900 sm:col-span-2 dark:text-slate-100">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 flex items-start gap-2 rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-600 dark:bg-slate-800/60 dark:text-slate-300">
        <Icon name="information-circle-solid" className="mt-0.5 size-4 shrink-0 text-brand-700 dark:text-brand-300" />
        To change your account details, please contact support.
      </p>
    </div>
  );
}

import { DEFAULT_TIMEZONE } from '@vetconsult/schema/values';
import { Card } from '../../../components/ui/card';
import type { AllUsersQuery } from '../../../gql/graphql';
import { serverErrorMessage } from '../../../lib/graphql-errors';
import { roleLabel } from '../../../lib/roles';
import { useAllUsers } from '../api/all-users';
import { InitialsAvatar } from './initials-avatar';
import { SkeletonCards } from './skeleton-cards';

// SPEC §2 /admin/users: a total line, then Specialists and Veterinarians, one card per user.

/** 'MMM dd, yyyy', e.g. 'Mar 09, 2026'. */
const JOINED_FORMAT = new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit', year: 'numeric' });

/** One user as the AllUsers query reads it. */
type UserRecord = AllUsersQuery['users'][number];

function Badge({ children, tone }: { children: string; tone: 'brand' | 'emerald' | 'amber' | 'slate' }) {
  const colours = {
    brand: 'bg-brand-50 text-brand-800 ring-brand-300 dark:bg-brand-950 dark:text-brand-200 dark:ring-brand-800',
    emerald:
      'bg-emerald-50 text-emerald-800 ring-emerald-300 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-800',
    amber: 'bg-amber-50 text-amber-800 ring-amber-300 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-800',
    slate: 'bg-slate-100 text-slate-700 ring-slate-300 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-600',
  }[tone];
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${colours}`}
    >
      {children}
    </span>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="truncate text-sm text-slate-800 dark:text-slate-200" title={value}>
        {value}
      </dd>
    </div>
  );
}

function UserCard({ user }: { user: UserRecord }) {
  return (
    <Card className="p-5" data-testid="user-card">
      <div className="flex items-start gap-3">
        <InitialsAvatar name={user.name} />
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold text-slate-900 dark:text-white">{user.name}</p>
          <div className="mt-1 flex flex-wrap gap-1.5">
            <Badge tone="brand">{roleLabel(user.role)}</Badge>
            {user.approved ? <Badge tone="emerald">Approved</Badge> : <Badge tone="amber">Pending</Badge>}
          </div>
        </div>
      </div>
      <dl className="mt-4 grid gap-3 sm:grid-cols-2">
        <Field label="Email" value={user.email} />
        <Field label="Username" value={user.username} />
        <Field label="ID" value={String(user.id)} />
        {user.role === 'SPECIALIST' ? <Field label="Specialty" value={user.specialty ?? '—'} /> : null}
        {user.clinicName ? <Field label="Clinic" value={user.clinicName} /> : null}
        {user.clinicAddress ? <Field label="Clinic address" value={user.clinicAddress} /> : null}
        <Field label="Timezone" value={user.timezone || DEFAULT_TIMEZONE} />
        <Field label="Joined" value={JOINED_FORMAT.format(new Date(user.createdAt))} />
        {user.stripeCustomerId ? (
          <>
            <Field label="Payment customer" value={user.stripeCustomerId} />
            <Field label="Synced" value={user.stripeCustomerSynced ? 'Yes' : 'No'} />
          </>
        ) : null}
      </dl>
    </Card>
  );
}

function UserSection({ title, users }: { title: string; users: readonly UserRecord[] }) {
  const headingId = `users-${title.toLowerCase()}`;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-4 text-lg font-semibold text-slate-900 dark:text-white">
        {title} <span className="font-normal text-slate-500 dark:text-slate-400">({users.length})</span>
      </h2>
      {users.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No {title.toLowerCase()} yet.</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {users.map((user) => (
            <li key={user.id}>
              <UserCard user={user} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function AllUsers() {
  const query = useAllUsers();
  const users = query.data?.users;

  if (!users && query.error) {
    const message = serverErrorMessage(query.error) || query.error.message;
    return (
      <Card className="border-red-200 p-6 dark:border-red-900" role="alert">
        <p className="font-semibold text-red-800 dark:text-red-200">Failed to load users: {message}</p>
      </Card>
    );
  }
  if (!users) return <SkeletonCards label="Loading users..." />;

  const specialists = users.filter((user) => user.role === 'SPECIALIST');
  const veterinarians = users.filter((user) => user.role === 'VETERINARIAN');

  return (
    <div className="space-y-10">
      <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="users-total">
        Total: <strong>{users.length}</strong> users ({veterinarians.length} veterinarians, {specialists.length}{' '}
        specialists)
      </p>
      <UserSection title="Specialists" users={specialists} />
      <UserSection title="Veterinarians" users={veterinarians} />
    </div>
  );
}

import { Link } from 'react-router-dom';
import { DueClock, UrgencyTag } from '../../../components/ui/due-clock';
import { StatusBadge } from '../../../components/ui/status-badge';
import { UnreadBadge } from '../../../components/ui/unread-badge';
import type { MyConsultsQuery } from '../../../gql/graphql';
import { caseDateLine, formatAge, truncateTitle } from '../../../lib/case-display';

// One case in the consult list (SPEC §2 "Case card").

type ConsultCase = MyConsultsQuery['myCases'][number];

export function ConsultCard({ kase, viewer }: { kase: ConsultCase; viewer: 'vet' | 'specialist' }) {
  const age = formatAge(kase.age, kase.ageUnit);
  // Unpaid work (a draft, or a case whose payment was abandoned) opens in the form, to finish and pay.
  const unpaid = kase.status === 'draft' || kase.status === 'pending_payment';
  const href = unpaid ? `/consults/new?draft=${kase.uuid}` : `/consults/${kase.uuid}`;
  const counterpart = viewer === 'vet' ? kase.specialist?.name : kase.vet.name;
  return (
    <Link
      to={href}
      className="group flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-300 hover:shadow-md dark:border-slate-800 dark:bg-slate-900 dark:hover:border-brand-700"
    >
      <div className="flex items-start justify-between gap-3">
        <h3 className="min-w-0 text-sm font-semibold break-words text-slate-900 group-hover:text-brand-800 dark:text-white dark:group-hover:text-brand-200">
          {truncateTitle(kase.title)}
        </h3>
        <span className="flex shrink-0 flex-col items-end gap-1">
          <StatusBadge status={kase.status} label={kase.statusLabel} />
          <UrgencyTag urgency={kase.urgency} />
        </span>
      </div>
      <DueClock dueAt={kase.dueAt} urgency={kase.urgency} status={kase.status} className="mt-2 self-start" />
      <p className="mt-1 flex flex-wrap items-center gap-x-2 text-xs text-slate-500 dark:text-slate-400">
        <span className="font-mono">#{kase.displayId}</span>
        <span aria-hidden="true">·</span>
        <span
          className={
            kase.isRevisit ? 'font-medium text-violet-700 dark:text-violet-300' : 'text-slate-500 dark:text-slate-400'
          }
        >
          {kase.label}
        </span>
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2 text-xs">
        <div>
          <dt className="text-slate-500 dark:text-slate-400">Species</dt>
          <dd className="font-medium text-slate-800 dark:text-slate-200">
            {[kase.species, kase.breed].filter(Boolean).join(' · ') || '—'}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500 dark:text-slate-400">Age</dt>
          <dd className="font-medium text-slate-800 dark:text-slate-200">{age ?? '—'}</dd>
        </div>
        <div>
          <dt className="text-slate-500 dark:text-slate-400">Specialty</dt>
          <dd className="font-medium text-slate-800 dark:text-slate-200">{kase.specialty ?? '—'}</dd>
        </div>
        <div>
          <dt className="text-slate-500 dark:text-slate-400">{viewer === 'vet' ? 'Specialist' : 'Veterinarian'}</dt>
          <dd className="truncate font-medium text-slate-800 dark:text-slate-200">{counterpart ?? '—'}</dd>
        </div>
      </dl>
      <p className="mt-auto flex items-center justify-between gap-2 pt-4 text-xs text-slate-500 dark:text-slate-400">
        <span>{caseDateLine(kase)}</span>
        <UnreadBadge count={kase.unreadMessages} />
        {kase.status === 'pending_payment' && viewer === 'vet' ? (
          <span className="font-semibold text-brand-700 dark:text-brand-300">Complete payment →</span>
        ) : null}
      </p>
    </Link>
  );
}

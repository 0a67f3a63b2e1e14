import { ROUTING_MESSAGES } from '@vetconsult/schema/urgency';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { DueClock, UrgencyTag } from '../../../components/ui/due-clock';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/empty-state';
import { formatRelativeTime, truncateTitle } from '../../../lib/case-display';
import { useAcceptAvailableCase } from '../../../lib/cases/accept-available-case';
import { DeclineCaseDialog } from '../../../lib/cases/decline-case-dialog';
import { serverErrorMessage } from '../../../lib/graphql-errors';
import { toast } from '../../../lib/toasts';
import { useAvailableCases } from '../api/available-cases';

// SPEC §2 /consults (specialists): pending cases of their specialty waiting to be accepted, live; the
// soonest due first (server order, issue 19), each with its ticking clock.

export function AvailableCasesCard({ specialty, approved }: { specialty: string | null; approved: boolean }) {
  const available = useAvailableCases(approved);
  const [acceptCase] = useAcceptAvailableCase(['AvailableCases', 'MyConsults']);
  const [accepting, setAccepting] = useState<string | null>(null);
  const [declining, setDeclining] = useState<{ uuid: string; displayId: string } | null>(null);

  const accept = async (uuid: string) => {
    setAccepting(uuid);
    try {
      await acceptCase({ variables: { uuid } });
      toast({ title: 'Case accepted', description: "You've successfully accepted this case", variant: 'success' });
    } catch (error) {
      // A first-available case another specialist took first says so (409, the server's words).
      toast({
        title: 'Error accepting case',
        description: serverErrorMessage(error) || 'Could not accept this case. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setAccepting(null);
    }
  };

  const list = available.data?.availableCases ?? [];

  return (
    <Card className="mb-8 p-5 sm:p-6" aria-labelledby="available-cases-heading" role="region">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id="available-cases-heading" className="text-base font-semibold text-slate-900 dark:text-white">
            Available Cases
          </h2>
          <p className="mt-0.5 text-sm text-slate-500 dark:text-slate-400">
            {specialty ? `New ${specialty} cases waiting for a specialist.` : 'New cases waiting for a specialist.'}
          </p>
        </div>
        {list.length > 0 ? (
          <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800 dark:bg-brand-950 dark:text-brand-200">
            {list.length} available
          </span>
        ) : null}
      </div>
      <div className="mt-4">
        {available.loading && !available.data ? (
          <LoadingState label="Loading available cases..." />
        ) : available.error && !available.data ? (
          <ErrorState title="Failed to fetch available cases" onRetry={() => void available.refetch()} />
        ) : list.length === 0 ? (
          <EmptyState title="No cases are waiting in your specialty right now." />
        ) : (
          <ul className="grid gap-3 md:grid-cols-2" aria-label="Available cases">
            {list.map((kase) => (
              <li
                key={kase.uuid}
                className="flex min-w-0 flex-col gap-3 rounded-xl border border-slate-200 p-4 dark:border-slate-700"
              >
                <div className="min-w-0">
                  <div className="mb-1.5 flex flex-wrap items-center gap-2">
                    <UrgencyTag urgency={kase.urgency} />
                    <DueClock dueAt={kase.dueAt} urgency={kase.urgency} status={kase.status} />
                    {kase.routing === 'first_available' && kase.specialistId === null ? (
                      <span className="rounded-full bg-sky-50 px-2 py-0.5 text-xs font-semibold text-sky-900 ring-1 ring-sky-300 ring-inset dark:bg-sky-950 dark:text-sky-200 dark:ring-sky-800">
                        {ROUTING_MESSAGES.firstAvailable}
                      </span>
                    ) : null}
                  </div>
                  <div className="flex items-center gap-2 text-xs text-slate-500 dark:text-slate-400">
                    <span className="font-mono font-semibold text-slate-700 dark:text-slate-200">
                      #{kase.displayId}
                    </span>
                    <span aria-hidden="true">·</span>
                    <span>{kase.label}</span>
                    <span aria-hidden="true">·</span>
                    <span>{formatRelativeTime(kase.createdAt)}</span>
                  </div>
                  <p className="mt-1 truncate text-sm font-semibold text-slate-900 dark:text-white">
                    {truncateTitle(kase.title)}
                  </p>
                  <p className="mt-0.5 truncate text-xs text-slate-500 dark:text-slate-400">
                    {[kase.species, kase.breed].filter(Boolean).join(' · ')}
                    {kase.vet.clinicName ? ` — ${kase.vet.clinicName}` : ''}
                  </p>
                </div>
                {/* Wraps: with Decline (issue 19) three buttons no longer fit the narrow column at every width. */}
                <div className="flex flex-wrap gap-2">
                  <Button
                    className="flex-1 py-2!"
                    onClick={() => void accept(kase.uuid)}
                    busy={accepting === kase.uuid}
                    aria-label={`Accept case ${kase.displayId}`}
                  >
                    Accept
                  </Button>
                  <Link
                    to={`/consults/${kase.uuid}`}
                    className="inline-flex flex-1 items-center justify-center rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-100 dark:hover:bg-slate-800"
                  >
                    View
                  </Link>
                  {kase.specialistId !== null ? (
                    <Button
                      variant="secondary"
                      className="flex-1 py-2!"
                      onClick={() => setDeclining({ uuid: kase.uuid, displayId: kase.displayId })}
                      aria-label={`Decline case ${kase.displayId}`}
                    >
                      Decline
                    </Button>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      <DeclineCaseDialog
        open={declining !== null}
        uuid={declining?.uuid ?? ''}
        displayId={declining?.displayId ?? ''}
        refetchQueries={['AvailableCases', 'MyConsults']}
        onClose={() => setDeclining(null)}
      />
    </Card>
  );
}

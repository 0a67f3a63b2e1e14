import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { IconBadge } from '../../../components/ui/icon-badge';
import type { SpecialistApplicationsQuery } from '../../../gql/graphql';
import { serverErrorMessage } from '../../../lib/graphql-errors';
import { toast } from '../../../lib/toasts';
import { useApproveSpecialist } from '../api/approve-specialist';
import { useRejectSpecialist } from '../api/reject-specialist';
import { useLiveSpecialistApplications } from '../hooks/use-live-specialist-applications';
import { InitialsAvatar } from './initials-avatar';
import { RejectApplicationDialog } from './reject-application-dialog';
import { SkeletonCards } from './skeleton-cards';

// SPEC §2 /admin/specialists: counts, the pending applications with Approve / Reject, and the approved
// specialists. Messages of SPEC §8 "Approval" (admin page).

/** One application as the SpecialistApplications query reads it. */
type Applicant = SpecialistApplicationsQuery['pendingSpecialists'][number];

function CountBadge({ label, count, tone }: { label: string; count: number; tone: 'amber' | 'emerald' }) {
  const colours =
    tone === 'amber'
      ? 'bg-amber-50 text-amber-800 ring-amber-300 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-800'
      : 'bg-emerald-50 text-emerald-800 ring-emerald-300 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-800';
  return (
    <span
      data-testid={`count-${label.toLowerCase()}`}
      className={`inline-flex items-center gap-2 rounded-full px-3 py-1 text-sm font-semibold ring-1 ring-inset ${colours}`}
    >
      {label}
      <span className="rounded-full bg-white/70 px-2 text-xs dark:bg-slate-950/60">{count}</span>
    </span>
  );
}

function ApplicantDetails({ applicant }: { applicant: Applicant }) {
  return (
    <div className="min-w-0 flex-1">
      <p className="truncate text-base font-semibold text-slate-900 dark:text-white">{applicant.name}</p>
      <p className="text-sm font-medium text-brand-700 dark:text-brand-300">{applicant.specialty ?? 'No specialty'}</p>
      <dl className="mt-1 grid gap-x-4 text-sm text-slate-600 sm:grid-cols-[auto_1fr] dark:text-slate-400">
        <dt className="sr-only">Email</dt>
        <dd className="truncate">{applicant.email}</dd>
        <dt className="sr-only">Username</dt>
        <dd className="truncate">@{applicant.username}</dd>
      </dl>
    </div>
  );
}

export function SpecialistManagement() {
  const applications = useLiveSpecialistApplications(true);
  const [approve] = useApproveSpecialist();
  const [reject, rejectState] = useRejectSpecialist();
  const [approvingId, setApprovingId] = useState<number | null>(null);
  const [rejecting, setRejecting] = useState<Applicant | null>(null);

  const all = applications.data?.pendingSpecialists ?? [];
  const pending = all.filter((applicant) => !applicant.approved);
  const approved = all.filter((applicant) => applicant.approved);

  const onApprove = async (applicant: Applicant) => {
    setApprovingId(applicant.id);
    try {
      await approve({ variables: { specialistId: applicant.id } });
      toast({ title: 'Success', description: 'Specialist approved successfully.', variant: 'success' });
    } catch (error) {
      toast({
        title: 'Error',
        description: serverErrorMessage(error) || 'Failed to approve specialist',
        variant: 'destructive',
      });
    } finally {
      setApprovingId(null);
    }
  };

  const onConfirmReject = async () => {
    if (!rejecting) return;
    try {
      await reject({ variables: { specialistId: rejecting.id } });
      toast({ title: 'Success', description: 'Specialist application rejected.', variant: 'success' });
    } catch (error) {
      toast({
        title: 'Error',
        description: serverErrorMessage(error) || 'Failed to reject specialist',
        variant: 'destructive',
      });
    } finally {
      setRejecting(null);
    }
  };

  const loaded = applications.data !== undefined;

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap gap-3" aria-live="polite">
        <CountBadge label="Pending" count={pending.length} tone="amber" />
        <CountBadge label="Approved" count={approved.length} tone="emerald" />
      </div>

      <section aria-labelledby="pending-heading">
        <h2 id="pending-heading" className="mb-4 text-lg font-semibold text-slate-900 dark:text-white">
          Pending Approval
        </h2>
        {!loaded && applications.error ? (
          <Card className="border-red-200 p-6 dark:border-red-900" role="alert">
            <p className="font-semibold text-red-800 dark:text-red-200">Failed to load specialists</p>
            <p className="mt-1 text-sm text-red-700 dark:text-red-300">
              {serverErrorMessage(applications.error) || applications.error.message || 'Please try refreshing the page'}
            </p>
          </Card>
        ) : !loaded ? (
          <SkeletonCards label="Loading specialists..." />
        ) : pending.length === 0 ? (
          <Card className="flex flex-col items-center px-6 py-10 text-center">
            <IconBadge icon="check-circle" tone="emerald" className="mb-3" />
            <p className="font-semibold text-slate-900 dark:text-white">All caught up!</p>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              No pending specialist applications at this time.
            </p>
          </Card>
        ) : (
          <ul className="grid gap-4">
            {pending.map((applicant) => {
              const approving = approvingId === applicant.id;
              return (
                <li key={applicant.id}>
                  <Card
                    className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center"
                    data-testid="pending-specialist"
                  >
                    <div className="flex min-w-0 flex-1 items-start gap-4">
                      <InitialsAvatar name={applicant.name} />
                      <ApplicantDetails applicant={applicant} />
                    </div>
                    <div className="flex gap-2 sm:shrink-0">
                      <Button
                        onClick={() => void onApprove(applicant)}
                        busy={approving}
                        aria-label={approving ? undefined : `Approve ${applicant.name}`}
                      >
                        {approving ? 'Approving...' : 'Approve'}
                      </Button>
                      <Button
                        variant="secondary"
                        onClick={() => setRejecting(applicant)}
                        disabled={approving}
                        aria-label={`Reject ${applicant.name}`}
                        className="text-red-700 dark:text-red-300"
                      >
                        Reject
                      </Button>
                    </div>
                  </Card>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      {loaded ? (
        <section aria-labelledby="approved-heading">
          <h2 id="approved-heading" className="mb-4 text-lg font-semibold text-slate-900 dark:text-white">
            Approved Specialists
          </h2>
          {approved.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">No approved specialists yet.</p>
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {approved.map((specialist) => (
                <li key={specialist.id}>
                  <Card className="flex h-full items-start gap-3 p-4">
                    <InitialsAvatar name={specialist.name} />
                    <div className="min-w-0 flex-1">
                      <div className="flex items-start justify-between gap-2">
                        <p className="truncate font-semibold text-slate-900 dark:text-white">{specialist.name}</p>
                        <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-300 ring-inset dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-800">
                          <span aria-hidden="true" className="size-1.5 rounded-full bg-emerald-500" />
                          Active
                        </span>
                      </div>
                      <p className="text-sm text-brand-700 dark:text-brand-300">
                        {specialist.specialty ?? 'No specialty'}
                      </p>
                      <p className="truncate text-sm text-slate-600 dark:text-slate-400">{specialist.email}</p>
                    </div>
                  </Card>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}

      <RejectApplicationDialog
        applicant={rejecting}
        busy={rejectState.loading}
        onCancel={() => setRejecting(null)}
        onConfirm={() => void onConfirmReject()}
      />
    </div>
  );
}

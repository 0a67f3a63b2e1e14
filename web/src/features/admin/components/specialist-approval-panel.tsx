import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/empty-state';
import { errorText, serverErrorMessage } from '../../../lib/graphql-errors';
import { toast } from '../../../lib/toasts';
import { useApproveSpecialist } from '../api/approve-specialist';
import { useLiveSpecialistApplications } from '../hooks/use-live-specialist-applications';
import { InitialsAvatar } from './initials-avatar';

// SPEC §2 /settings, Admin tab 'Specialist Approval': pending specialists with an approve action, kept
// current by the pendingSpecialistsChanged subscription (30 s polling only while the socket is down).

export function SpecialistApprovalPanel() {
  const applications = useLiveSpecialistApplications(false);
  const [approve] = useApproveSpecialist();
  const [approvingId, setApprovingId] = useState<number | null>(null);

  const onApprove = async (specialist: { id: number; name: string }) => {
    setApprovingId(specialist.id);
    try {
      const result = await approve({ variables: { specialistId: specialist.id } });
      const name = result.data?.approveSpecialist.name ?? specialist.name;
      toast({
        title: 'Specialist approved',
        description: `${name} has been approved and can now accept cases.`,
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: 'Approval failed',
        description: `Failed to approve specialist: ${serverErrorMessage(error) || errorText(error)}`,
        variant: 'destructive',
      });
    } finally {
      setApprovingId(null);
    }
  };

  const pending = applications.data?.pendingSpecialists.filter((specialist) => !specialist.approved);

  return (
    <div>
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Specialist Approval</h2>
      <p className="mt-1 mb-5 text-sm text-slate-600 dark:text-slate-400">
        Review specialist accounts waiting for approval. Approved specialists receive a confirmation e-mail.
      </p>
      {!pending && applications.error ? (
        <ErrorState title="Failed to load pending specialists. Please try again later." />
      ) : !pending ? (
        <LoadingState label="Loading pending specialists..." />
      ) : pending.length === 0 ? (
        <EmptyState title="There are currently no specialists waiting for approval." />
      ) : (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {pending.map((specialist) => (
            <li key={specialist.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
              <div className="flex min-w-0 flex-1 items-center gap-3">
                <InitialsAvatar name={specialist.name} />
                <div className="min-w-0">
                  <p className="truncate font-semibold text-slate-900 dark:text-white">{specialist.name}</p>
                  <p className="truncate text-sm text-slate-600 dark:text-slate-400">
                    {specialist.specialty ?? 'No specialty'} · {specialist.email}
                  </p>
                </div>
              </div>
              <Button
                onClick={() => void onApprove(specialist)}
                busy={approvingId === specialist.id}
                aria-label={`Approve ${specialist.name}`}
              >
                Approve
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

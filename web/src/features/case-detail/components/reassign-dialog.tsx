import { ROUTING_MESSAGES, TURNAROUND_MESSAGES } from '@vetconsult/schema/urgency';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogHeading } from '../../../components/ui/dialog';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/empty-state';
import type { CaseDetailFieldsFragment } from '../../../gql/graphql';
import { serverErrorMessage } from '../../../lib/graphql-errors';
import { toast } from '../../../lib/toasts';
import { useReassignCase, useReassignSpecialists } from '../api/reassign-case';

// Issue 19: "Choose another specialist" — the approved specialists of the case's specialty (never its
// current one nor one who declined it) and "First available specialist". STAT offers only those
// available now (the server refuses the others with the submission's words). No new payment.

type Choice = number | 'first' | null;

const FIRST = 'first';

export function ReassignDialog({
  kase,
  open,
  onClose,
}: {
  kase: Pick<CaseDetailFieldsFragment, 'uuid' | 'specialty' | 'specialistId' | 'urgency' | 'routing' | 'declines'>;
  open: boolean;
  onClose(): void;
}) {
  const specialists = useReassignSpecialists(kase.specialty ?? null, !open);
  const [reassignCase, { loading }] = useReassignCase();
  const [choice, setChoice] = useState<Choice>(null);
  const declined = new Set(kase.declines.map((decline) => decline.specialistId));
  const stat = kase.urgency === 'stat';
  const rows = (specialists.data?.specialists ?? []).filter(
    (s) => s.id !== kase.specialistId && !declined.has(s.id) && s.specialty === kase.specialty,
  );
  const anyAvailable = rows.some((s) => s.isAvailable);
  const firstOffered = kase.routing === 'first_available' && kase.specialistId === null;

  const close = () => {
    if (loading) return;
    setChoice(null);
    onClose();
  };

  const submit = async () => {
    if (choice === null) return;
    try {
      await reassignCase({
        variables:
          choice === FIRST ? { uuid: kase.uuid, firstAvailable: true } : { uuid: kase.uuid, specialistId: choice },
      });
      const name = choice === FIRST ? 'the first available specialist' : rows.find((s) => s.id === choice)?.name;
      toast({
        title: 'Consult moved',
        description: `Sent to ${name ?? 'the specialist'}. No new payment.`,
        variant: 'success',
      });
      setChoice(null);
      onClose();
    } catch (error) {
      toast({
        title: 'Could not move this consult',
        description: serverErrorMessage(error) || 'Failed to move this consult',
        variant: 'destructive',
      });
    }
  };

  const option = (
    value: Choice,
    disabled: boolean,
    title: string,
    detail: string,
    badge?: { text: string; ok: boolean },
  ) => {
    const checked = choice === value;
    return (
      <label
        key={String(value)}
        className={`flex items-start gap-3 rounded-lg border px-3 py-2.5 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 ${
          disabled
            ? 'cursor-not-allowed border-transparent opacity-60'
            : checked
              ? 'cursor-pointer border-brand-600 bg-brand-50 dark:border-brand-400 dark:bg-brand-950/50'
              : 'cursor-pointer border-transparent hover:bg-slate-50 dark:hover:bg-slate-800/60'
        }`}
      >
        <input
          type="radio"
          name="reassign-specialist"
          checked={checked}
          disabled={disabled}
          onChange={() => setChoice(value)}
          className="mt-1 size-4 accent-brand-700 focus-visible:outline-none dark:accent-brand-400"
        />
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-center gap-2">
            <span className="text-sm font-semibold text-slate-900 dark:text-white">{title}</span>
            {badge ? (
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-medium ${
                  badge.ok
                    ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-200'
                    : 'bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-200'
                }`}
              >
                {badge.text}
              </span>
            ) : null}
          </span>
          <span className="block text-xs text-slate-600 dark:text-slate-400">{detail}</span>
        </span>
      </label>
    );
  };

  return (
    <Dialog open={open} onClose={loading ? undefined : close} width="lg" placement="sheet">
      <DialogHeading>Choose another specialist</DialogHeading>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
        {kase.specialty} · your payment stays as it is; the due time does not change.
      </p>
      <div className="mt-4">
        {specialists.loading && !specialists.data ? (
          <LoadingState label="Loading specialists..." />
        ) : specialists.error && !specialists.data ? (
          <ErrorState title="Failed to fetch specialists" onRetry={() => void specialists.refetch()} />
        ) : (
          <fieldset>
            <legend className="sr-only">Specialist</legend>
            {stat && !anyAvailable ? (
              <p role="alert" className="mb-2 text-sm text-amber-800 dark:text-amber-200">
                {TURNAROUND_MESSAGES.statNoneAvailable}
              </p>
            ) : null}
            <div
              className="max-h-[320px] space-y-1 overflow-y-auto rounded-xl border border-slate-200 p-2 dark:border-slate-800"
              data-testid="reassign-options"
            >
              {option(
                FIRST,
                firstOffered || (stat && !anyAvailable),
                ROUTING_MESSAGES.firstAvailable,
                firstOffered
                  ? 'This consult is already offered to the first available specialist.'
                  : ROUTING_MESSAGES.firstAvailableHint,
              )}
              {rows.length === 0 ? (
                <EmptyState title="No other specialist of this specialty can take it." />
              ) : (
                rows.map((s) =>
                  option(
                    s.id,
                    stat && !s.isAvailable,
                    s.name,
                    s.isAvailable
                      ? 'Available now'
                      : s.nextAvailable
                        ? `Next available ${s.nextAvailable}`
                        : 'Availability not set',
                    s.isAvailable ? { text: 'Available', ok: true } : { text: 'Away', ok: false },
                  ),
                )
              )}
            </div>
          </fieldset>
        )}
      </div>
      <div className="mt-6 flex justify-end gap-3">
        <Button type="button" variant="secondary" onClick={close} disabled={loading}>
          Cancel
        </Button>
        <Button type="button" onClick={() => void submit()} busy={loading} disabled={choice === null}>
          Send consult
        </Button>
      </div>
    </Dialog>
  );
}

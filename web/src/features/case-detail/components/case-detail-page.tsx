import { formatCents } from '@vetconsult/schema/payment';
import { ROUTING_MESSAGES, specialistNeed, URGENCY_LABELS, urgencyPromise } from '@vetconsult/schema/urgency';
import { shortId } from '@vetconsult/schema/values';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DueClock, UrgencyTag } from '../../../components/ui/due-clock';
import { ErrorState, LoadingState } from '../../../components/ui/empty-state';
import { Icon } from '../../../components/ui/icon';
import { PageHeader } from '../../../components/ui/page-header';
import { StatusBadge } from '../../../components/ui/status-badge';
import type { CaseDetailFieldsFragment, SpecialistResponseInput } from '../../../gql/graphql';
import { useAuth } from '../../../lib/auth/auth-context';
import { formatAge, formatDate, formatRelativeTime } from '../../../lib/case-display';
import { DeclineCaseDialog } from '../../../lib/cases/decline-case-dialog';
import { serverErrorMessage } from '../../../lib/graphql-errors';
import { toast } from '../../../lib/toasts';
import { useNow } from '../../../lib/use-now';
import { useAcceptCase } from '../api/accept-case';
import { useCancelCase } from '../api/cancel-case';
import { useCaseDetail } from '../api/case-detail';
import { CaseFiles, type FileMediaSlot } from './case-files';
import { OriginalCase } from './original-case';
import { ReassignDialog } from './reassign-dialog';
import { ReviewForm } from './review-form';

// /consults/:uuid (SPEC §2): the case, its clinic, files, and the actions of SPEC §6 for the viewer.
// Its veterinarian adds diagnostic files while the case is not completed, and completes the payment of
// a case awaiting it (issue 22 items 1 and 2).
// The case stays live through caseUpdated, and catches up on a reconnect (api/case-detail.ts).

type CaseDetail = CaseDetailFieldsFragment;

function BackToConsults() {
  return (
    <Link
      to="/consults"
      className="mb-6 inline-flex items-center gap-1.5 rounded-lg text-sm font-medium text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"
    >
      <Icon name="arrow-left-solid" className="size-4" />
      Back to Consults
    </Link>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900 dark:text-slate-100">{children || '—'}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-base font-semibold text-slate-900 dark:text-white">{title}</h2>
      <div className="mt-4">{children}</div>
    </Card>
  );
}

function Prose({ text }: { text: string | null | undefined }) {
  return (
    <p className="text-sm leading-relaxed whitespace-pre-line text-slate-800 dark:text-slate-200">
      {text?.trim() || '—'}
    </p>
  );
}

/** An answer to a specialist's question, as the consult stored it (the submission's input shape). */
type SpecialistResponse = Partial<SpecialistResponseInput>;

function responsesOf(value: unknown): SpecialistResponse[] {
  return Array.isArray(value)
    ? value.filter((entry): entry is SpecialistResponse => typeof entry === 'object' && entry !== null)
    : [];
}

function AcceptButton({ uuid }: { uuid: string }) {
  const [acceptCase, { loading }] = useAcceptCase();
  const accept = async () => {
    try {
      await acceptCase({ variables: { uuid } });
      toast({
        title: 'Case Accepted',
        description: 'You have successfully accepted this consultation case.',
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: 'Error',
        description: serverErrorMessage(error) || 'Failed to accept case',
        variant: 'destructive',
      });
    }
  };
  return (
    <Button onClick={() => void accept()} busy={loading}>
      Accept Case
    </Button>
  );
}

/** Issue 19: a paid consult nobody accepted yet may be cancelled; the payment is refunded in full. */
function CancelButton({ uuid }: { uuid: string }) {
  const [cancelCase, { loading }] = useCancelCase();
  const [open, setOpen] = useState(false);
  const cancel = async () => {
    try {
      const { data } = await cancelCase({ variables: { uuid } });
      const refund = data?.cancelCase.refund;
      setOpen(false);
      toast({
        title: 'Consult cancelled',
        description: refund
          ? `${formatCents(refund.amount)} ${refund.currency.toUpperCase()} is on its way back to your card.`
          : 'Your consult has been cancelled.',
        variant: 'success',
      });
    } catch (error) {
      setOpen(false);
      toast({
        title: 'Could not cancel',
        description: serverErrorMessage(error) || 'Failed to cancel this consult',
        variant: 'destructive',
      });
    }
  };
  return (
    <>
      <Button variant="ghost" onClick={() => setOpen(true)}>
        Cancel consult
      </Button>
      <ConfirmDialog
        open={open}
        title="Cancel this consult?"
        confirmLabel="Cancel consult and refund"
        icon="exclamation-triangle"
        busy={loading}
        onCancel={() => setOpen(false)}
        onConfirm={() => void cancel()}
      >
        No specialist has accepted it yet. It will be withdrawn from the specialist and your payment refunded in full.
      </ConfirmDialog>
    </>
  );
}

/** Issue 19: the specialist it is assigned to declines a pending case, with a reason; it leaves their lists. */
function DeclineButton({ uuid, displayId }: { uuid: string; displayId: string }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Decline
      </Button>
      <DeclineCaseDialog
        open={open}
        uuid={uuid}
        displayId={displayId}
        refetchQueries={['AvailableCases', 'MyConsults']}
        onClose={() => setOpen(false)}
        onDeclined={() => navigate('/consults')}
      />
    </>
  );
}

/**
 * Issue 19: the vet's notice on a paid case nobody accepted — declined (with the reason), or past a
 * quarter of its window (the shared clock, specialistNeed) — with "Choose another specialist" and
 * "Cancel consult".
 */
function SpecialistNeededNotice({ kase }: { kase: CaseDetail }) {
  const now = useNow();
  const [choosing, setChoosing] = useState(false);
  const need = specialistNeed(kase, now);
  if (need === null) return null;
  const decline = kase.declines[0];
  return (
    <div
      role="status"
      data-testid="specialist-needed"
      className="mb-6 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-50"
    >
      <p className="font-semibold">
        {need === 'declined' ? ROUTING_MESSAGES.declined : ROUTING_MESSAGES.unaccepted}
        {need === 'declined' && decline?.specialistName ? ` (${decline.specialistName})` : ''}
      </p>
      {need === 'declined' && decline ? (
        <p className="mt-0.5 break-words" data-testid="decline-reason">
          Reason: {decline.reason}
        </p>
      ) : null}
      <p className="mt-0.5 text-amber-900 dark:text-amber-100">{ROUTING_MESSAGES.chooseAnother}</p>
      <div className="mt-3 flex flex-wrap gap-3">
        <Button onClick={() => setChoosing(true)}>Choose another specialist</Button>
        <CancelButton uuid={kase.uuid} />
      </div>
      <ReassignDialog kase={kase} open={choosing} onClose={() => setChoosing(false)} />
    </div>
  );
}

function CaseHeader({ kase, actions }: { kase: CaseDetail; actions: ReactNode }) {
  return (
    <div className="mb-6 flex flex-col gap-4 md:flex-row md:items-start md:justify-between">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <StatusBadge status={kase.status} label={kase.statusLabel} />
          <span
            className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${
              kase.isRevisit
                ? 'bg-violet-50 text-violet-800 ring-violet-300 dark:bg-violet-950 dark:text-violet-200 dark:ring-violet-800'
                : 'bg-slate-50 text-slate-700 ring-slate-300 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-600'
            }`}
          >
            {kase.label}
          </span>
          <UrgencyTag urgency={kase.urgency} />
          <DueClock dueAt={kase.dueAt} urgency={kase.urgency} status={kase.status} />
        </div>
        <h1 className="mt-3 text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl dark:text-white">
          {kase.title}
        </h1>
        <p className="mt-1.5 text-sm text-slate-600 dark:text-slate-400">
          Case #{kase.displayId} ·{' '}
          {kase.status === 'pending_payment' || kase.status === 'draft' ? 'Started' : 'Submitted'}{' '}
          {formatDate(kase.createdAt)}
        </p>
      </div>
      {actions ? <div className="flex shrink-0 flex-wrap gap-3">{actions}</div> : null}
    </div>
  );
}

function Timeline({ kase }: { kase: CaseDetail }) {
  const steps = [
    { label: 'Submitted', at: kase.activatedAt ?? kase.createdAt },
    { label: 'Accepted', at: kase.acceptedAt },
    kase.status === 'cancelled'
      ? { label: 'Cancelled', at: kase.cancelledAt }
      : { label: 'Completed', at: kase.reviewedAt },
  ];
  return (
    <ol className="space-y-3">
      {steps.map((step) => (
        <li key={step.label} className="flex items-center gap-3 text-sm">
          <span
            aria-hidden="true"
            className={`size-2.5 shrink-0 rounded-full ${step.at ? 'bg-brand-600 dark:bg-brand-400' : 'bg-slate-300 dark:bg-slate-600'}`}
          />
          <span className="font-medium text-slate-800 dark:text-slate-200">{step.label}</span>
          <span className="ml-auto text-xs text-slate-500 dark:text-slate-400">
            {step.at ? formatRelativeTime(step.at) : '—'}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** What the uploader slot is given. */
export interface FileAdderSlotProps {
  uuid: string;
  onUploaded(): void;
}

/** Slots the route fills with other features (features never import each other). */
export interface CaseDetailSlots {
  /** Beside the case's actions: the consultation report's download. */
  caseActions?: (kase: Pick<CaseDetail, 'uuid' | 'status'>) => ReactNode;
  /** At the start of a file row: thumbnail and preview. */
  fileMedia?: FileMediaSlot;
  /** Below the files, for the case's own veterinarian until the case is reviewed: the uploader. */
  fileAdder?: (props: FileAdderSlotProps) => ReactNode;
  /** Above the files, once the case is paid: the conversation of its vet and specialist (issue 15). */
  conversation?: (kase: Pick<CaseDetail, 'uuid' | 'status' | 'vetId' | 'vet' | 'specialist'>) => ReactNode;
}

export function CaseDetailPage({ uuid, slots = {} }: { uuid: string; slots?: CaseDetailSlots }) {
  const { user } = useAuth();
  const detail = useCaseDetail(uuid);

  if (detail.loading && !detail.data) {
    return (
      <>
        <BackToConsults />
        <PageHeader title="Case Details" subtitle={`Case #${shortId(uuid)}`} />
        <LoadingState label="Loading case details..." />
      </>
    );
  }
  const kase = detail.data?.case;
  if (!kase || !user) {
    return (
      <>
        <BackToConsults />
        <PageHeader title="Case Details" subtitle={`Case #${shortId(uuid)}`} />
        <ErrorState
          title="Error loading case details"
          detail={detail.error ? (serverErrorMessage(detail.error) ?? undefined) : undefined}
          onRetry={() => void detail.refetch()}
        />
      </>
    );
  }

  const isAssignedSpecialist = user.role === 'SPECIALIST' && kase.specialistId === user.id;
  const isOwningVet = user.role === 'VETERINARIAN' && kase.vetId === user.id;
  // Issue 19: a first-available case is open to the specialists of its specialty until one accepts it.
  const isOffered = user.role === 'SPECIALIST' && kase.routing === 'first_available' && kase.specialistId === null;
  const needsSpecialist = isOwningVet && specialistNeed(kase, Date.now()) !== null;
  const responses = responsesOf(kase.specialistResponses);
  const age = formatAge(kase.age, kase.ageUnit);

  const actions = (
    <>
      {(isAssignedSpecialist || isOffered) && kase.status === 'pending' ? <AcceptButton uuid={kase.uuid} /> : null}
      {isAssignedSpecialist && kase.status === 'pending' ? (
        <DeclineButton uuid={kase.uuid} displayId={kase.displayId} />
      ) : null}
      {isOwningVet && kase.status === 'pending' && !needsSpecialist ? <CancelButton uuid={kase.uuid} /> : null}
      {isOwningVet && (kase.status === 'pending_payment' || kase.status === 'draft') ? (
        <Link
          to={`/consults/new?draft=${kase.uuid}`}
          className="inline-flex items-center justify-center rounded-lg bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-800 dark:bg-brand-500 dark:text-slate-950 dark:hover:bg-brand-400"
        >
          {kase.status === 'pending_payment' ? 'Complete payment' : 'Continue draft'}
        </Link>
      ) : null}
      {isOwningVet && kase.status === 'reviewed' ? (
        <Link
          to={`/consults/revisit/${kase.uuid}`}
          className="inline-flex items-center justify-center rounded-lg bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-800 dark:bg-brand-500 dark:text-slate-950 dark:hover:bg-brand-400"
        >
          Revisit Case
        </Link>
      ) : null}
      {slots.caseActions?.(kase)}
    </>
  );

  return (
    <>
      <BackToConsults />
      <CaseHeader kase={kase} actions={actions} />
      {isOwningVet ? <SpecialistNeededNotice kase={kase} /> : null}
      {kase.status === 'cancelled' ? (
        <div
          role="status"
          className="mb-6 rounded-xl border border-slate-300 bg-slate-50 px-4 py-3 text-sm text-slate-800 dark:border-slate-700 dark:bg-slate-800/60 dark:text-slate-100"
        >
          <p className="font-semibold">
            This consult was cancelled{kase.cancelledAt ? ` ${formatRelativeTime(kase.cancelledAt)}` : ''}.
          </p>
          {kase.refund ? (
            <p className="mt-0.5">
              Refunded {formatCents(kase.refund.amount)} {kase.refund.currency.toUpperCase()} to the card that paid.
            </p>
          ) : null}
          {kase.cancelReason ? (
            <p className="mt-0.5 text-slate-600 dark:text-slate-300">Reason: {kase.cancelReason}</p>
          ) : null}
        </div>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Section title="Patient Information">
            <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
              <Field label="Patient Name">{kase.patientName}</Field>
              <Field label="Family Last Name">{kase.familyLastName}</Field>
              <Field label="Species">{kase.species}</Field>
              <Field label="Breed">{kase.breed}</Field>
              <Field label="Sex">{kase.sex}</Field>
              <Field label="Spay/Neuter Status">{kase.spayNeuterStatus}</Field>
              <Field label="Age">{age ? `${age} (${kase.age} ${kase.ageUnit ?? ''})`.trim() : null}</Field>
              <Field label="Date of Birth">{kase.dateOfBirth}</Field>
              <Field label="Submitting DVM">{kase.submittingDvm}</Field>
              <Field label="Contact Email">{kase.contactEmail}</Field>
            </dl>
          </Section>
          <Section title="Clinical Signs">
            <Prose text={kase.clinicalSigns} />
          </Section>
          <Section title="Questions for the Specialist">
            <Prose text={kase.questions} />
            {responses.length > 0 ? (
              <dl className="mt-5 space-y-3 border-t border-slate-200 pt-4 dark:border-slate-800">
                {responses.map((response) => (
                  <div key={`${response.questionId ?? ''}-${response.questionText ?? ''}`}>
                    <dt className="text-xs font-medium text-slate-500 dark:text-slate-400">{response.questionText}</dt>
                    <dd className="mt-0.5 text-sm text-slate-900 dark:text-slate-100">{response.answer || '—'}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
          </Section>
          {kase.summary ? (
            <Section title="Specialist Summary">
              <Prose text={kase.summary} />
            </Section>
          ) : null}
          {isAssignedSpecialist && kase.status === 'accepted' ? (
            <ReviewForm
              uuid={kase.uuid}
              specialistId={user.id}
              initialSummary={kase.summaryDraft ?? ''}
              onSubmitted={() => void detail.refetch()}
            />
          ) : null}
          {kase.status !== 'draft' && kase.status !== 'pending_payment' && kase.status !== 'cancelled'
            ? slots.conversation?.(kase)
            : null}
          <CaseFiles uuid={kase.uuid} files={kase.files} media={slots.fileMedia} />
          {isOwningVet && kase.status !== 'reviewed' && kase.status !== 'cancelled' && slots.fileAdder ? (
            <Section title="Add Diagnostic Files">
              {slots.fileAdder({ uuid: kase.uuid, onUploaded: () => void detail.refetch() })}
            </Section>
          ) : null}
          {kase.originalCase ? <OriginalCase original={kase.originalCase} media={slots.fileMedia} /> : null}
        </div>
        <div className="space-y-6">
          <Section title="Consultation">
            <dl className="space-y-3">
              <Field label="Specialty">{kase.specialty}</Field>
              <Field label="Specialist">
                {kase.specialist?.name ?? (kase.routing === 'first_available' ? ROUTING_MESSAGES.firstAvailable : null)}
              </Field>
              <Field label="Urgency">{`${URGENCY_LABELS[kase.urgency]} · ${urgencyPromise(kase.urgency).toLowerCase()}`}</Field>
              <Field label="Case ID">
                <span className="font-mono">{kase.displayId}</span>
              </Field>
              {kase.originalCase ? (
                <Field label="Original Case">
                  <Link
                    to={`/consults/${kase.originalCase.uuid}`}
                    className="font-mono text-brand-700 hover:underline dark:text-brand-300"
                  >
                    #{kase.originalCase.displayId}
                  </Link>
                </Field>
              ) : null}
            </dl>
          </Section>
          <Section title="Clinic Details">
            <dl className="space-y-3">
              <Field label="Veterinarian">{kase.vet.name}</Field>
              <Field label="Clinic Name">{kase.vet.clinicName}</Field>
              <Field label="Clinic Address">{kase.vet.clinicAddress}</Field>
            </dl>
          </Section>
          <Section title="Progress">
            <Timeline kase={kase} />
          </Section>
        </div>
      </div>
    </>
  );
}

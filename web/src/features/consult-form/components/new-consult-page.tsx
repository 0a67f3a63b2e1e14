import { zodResolver } from '@hookform/resolvers/zod';
import { type NewConsultInput, newConsultSchema } from '@vetconsult/schema/consult';
import { CONSULT_FILE_MAX_BYTES } from '@vetconsult/schema/files';
import { PAYMENT_MESSAGES } from '@vetconsult/schema/payment';
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Icon } from '../../../components/ui/icon';
import { PageHeader } from '../../../components/ui/page-header';
import { FullPageSpinner } from '../../../components/ui/spinner';
import { TermsCheckbox } from '../../../components/ui/terms-checkbox';
import { useAuth } from '../../../lib/auth/auth-context';
import { serverErrorMessage } from '../../../lib/graphql-errors';
import { toast } from '../../../lib/toasts';
import { useDraftChanged } from '../api/draft-changed';
import { useDraftFiles, useRemoveDraftFile } from '../api/draft-files';
import { startPayment } from '../api/drafts';
import { useSubmitConsult } from '../api/submit-consult';
import {
  basicFieldsPresent,
  type ConsultFormValues,
  EMPTY_CONSULT,
  fieldLabel,
  missingRequiredFields,
} from '../hooks/consult-form-values';
import { useDraftSync } from '../hooks/use-draft-sync';
import { ConflictBanner } from './conflict-banner';
import { DraftStatusCard } from './draft-status-card';
import { FormSection } from './form-section';
import { NutritionModal } from './nutrition-modal';
import { PatientSection } from './patient-section';
import { ResumeDraftPrompt } from './resume-draft-prompt';
import { type ChosenSpecialist, SpecialistSection } from './specialist-section';

/** SPEC §9: the payment modal closes about 0.5 s after the success screen. */
const MODAL_CLOSE_DELAY_MS = 500;

export interface PaidPayment {
  paymentIntentId: string;
  couponCode: string | null;
  free: boolean;
}

/** A diagnostic file stored on the draft. */
export interface StoredDraftFile {
  id: number;
  filename: string;
  fileSize: number;
}

/**
 * The uploader slot: the route passes the file-upload feature's uploader, which stores files on the
 * draft as soon as they are attached (issue 22 item 1).
 */
export interface UploaderSlotProps {
  attached: StoredDraftFile[];
  /** The draft's uuid, saving the draft first when it has none yet. */
  resolveCase(): Promise<string | null>;
  onUploaded(): void;
  onRemove(id: number): Promise<void>;
  maxBytes: number;
  disabled?: boolean;
}

/** The payment slot: the route passes the payment feature's modal. */
export interface PaymentSlotProps {
  open: boolean;
  type: 'consultation';
  caseId: string;
  formData: Record<string, unknown>;
  onCancel(): void;
  onPaid(result: PaidPayment): void;
}

interface NewConsultPageProps {
  renderUploader(props: UploaderSlotProps): ReactNode;
  renderPayment(props: PaymentSlotProps): ReactNode;
}

export function NewConsultPage(props: NewConsultPageProps) {
  const { user, loading } = useAuth();
  if (loading) return <FullPageSpinner />;
  return <NewConsultForm {...props} userId={user?.id ?? 0} signedIn={!!user} />;
}

function NewConsultForm({
  renderUploader,
  renderPayment,
  userId,
  signedIn,
}: NewConsultPageProps & { userId: number; signedIn: boolean }) {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const form = useForm<ConsultFormValues, unknown, NewConsultInput>({
    resolver: zodResolver(newConsultSchema) as unknown as Resolver<ConsultFormValues, unknown, NewConsultInput>,
    defaultValues: EMPTY_CONSULT,
    // Issue 22 item 8: a field speaks when it is left, then on every change.
    mode: 'onTouched',
  });
  const submitConsult = useSubmitConsult();
  const missingId = useId();
  const [nutritionAcknowledged, setNutritionAcknowledged] = useState(false);
  const [pendingNutrition, setPendingNutrition] = useState<ChosenSpecialist | null>(null);
  const [paymentCase, setPaymentCase] = useState<string | null>(null);
  const [paymentOpen, setPaymentOpen] = useState(false);
  const [paid, setPaid] = useState<PaidPayment | null>(null);
  const [preparing, setPreparing] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [clearAsked, setClearAsked] = useState(false);
  const [clearing, setClearing] = useState(false);
  const [resolving, setResolving] = useState(false);
  const timers = useRef<number[]>([]);
  const specialtyRef = useRef<HTMLDivElement>(null);

  useEffect(
    () => () => {
      for (const t of timers.current) window.clearTimeout(t);
    },
    [],
  );
  const later = (fn: () => void, ms: number) => timers.current.push(window.setTimeout(fn, ms));

  const onUuidChange = useCallback(
    (uuid: string | null) => {
      setSearchParams(
        (params) => {
          const next = new URLSearchParams(params);
          if (uuid) next.set('draft', uuid);
          else next.delete('draft');
          return next;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );

  const sync = useDraftSync({ form, userId, requestedUuid: searchParams.get('draft'), onUuidChange });
  useDraftChanged(sync.uuid, sync.loading || paymentOpen || paid !== null, sync.onRemoteSave);
  const draftFiles = useDraftFiles(sync.uuid);
  const [removeDraftFile] = useRemoveDraftFile();
  const storedFiles = draftFiles.data?.draft.files ?? [];

  const values = useWatch({ control: form.control }) as ConsultFormValues;
  const current = { ...EMPTY_CONSULT, ...values };
  const ready = basicFieldsPresent(current);
  // Issue 22 item 8: the disabled button says what is missing (SPEC §5 'Please complete: {names}').
  const missing = [...missingRequiredFields(current), ...(current.termsAccepted ? [] : [fieldLabel('termsAccepted')])];
  const errors = form.formState.errors;

  // --- specialty and nutrition (SPEC §4) --------------------------------------------------------------
  const onSpecialtyChange = (specialty: string) => {
    form.setValue('specialty', specialty, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    form.setValue('specificSpecialistId', 0, { shouldDirty: true });
    form.setValue('firstAvailable', false, { shouldDirty: true });
    form.setValue('specialistResponses', [], { shouldDirty: true });
    form.setValue('nutritionComplex', false, { shouldDirty: true });
    if (specialty !== 'Nutrition') setNutritionAcknowledged(false);
  };

  const selectSpecialist = (specialist: ChosenSpecialist) => {
    // A specialist listed under Other keeps their own specialty on the case (e.g. Nutrition).
    const current = form.getValues('specialty');
    if (specialist.specialty && specialist.specialty !== current) {
      form.setValue('specialty', specialist.specialty, { shouldDirty: true });
      if (specialist.specialty !== 'Nutrition') {
        setNutritionAcknowledged(false);
        form.setValue('nutritionComplex', false);
      }
    }
    form.setValue('firstAvailable', false, { shouldDirty: true });
    form.setValue('specificSpecialistId', specialist.id, {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
  };

  /** Issue 19: no named specialist; every available specialist of the specialty is offered the case. */
  const chooseFirstAvailable = () => {
    form.setValue('specificSpecialistId', 0, { shouldDirty: true });
    form.setValue('specialistResponses', [], { shouldDirty: true });
    form.setValue('firstAvailable', true, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  };

  /**
   * SPEC §4: choosing the nutrition specialist opens the acknowledgement first. The spec names them by
   * surname; our directory carries the specialty, so any specialist whose specialty is Nutrition
   * (the seed's Dr. Sofia Lindqvist) opens it.
   */
  const onChooseSpecialist = (specialist: ChosenSpecialist) => {
    if (specialist.specialty === 'Nutrition' && !nutritionAcknowledged) {
      setPendingNutrition(specialist);
      return;
    }
    selectSpecialist(specialist);
  };

  // --- payment and submission (SPEC §4 "Consultation form client flow") ------------------------------
  const formData = () => {
    const v = form.getValues();
    return {
      specialty: v.specialty,
      nutritionComplex: v.nutritionComplex,
      specificSpecialistId: v.specificSpecialistId,
      firstAvailable: v.firstAvailable,
      urgency: v.urgency,
    };
  };

  /**
   * Saves the draft, moves it to (or keeps it in) awaiting payment and opens the payment. Every visit
   * opens a new payment panel, which asks the server for a fresh intent: an edit after the last intent
   * was created makes that one unusable (issue 22 item 2).
   */
  const continueToPayment = async () => {
    setPreparing(true);
    try {
      const saved = await sync.flush();
      if (!saved) {
        toast({
          title: PAYMENT_MESSAGES.setupFailedTitle,
          description: PAYMENT_MESSAGES.setupFailed,
          variant: 'destructive',
        });
        return;
      }
      try {
        await startPayment(saved.uuid);
      } catch (error) {
        const message = serverErrorMessage(error);
        toast({
          title: PAYMENT_MESSAGES.setupFailedTitle,
          description: message || PAYMENT_MESSAGES.setupFailed,
          variant: 'destructive',
        });
        return;
      }
      sync.pause();
      setPaymentCase(saved.uuid);
      setPaymentOpen(true);
    } finally {
      setPreparing(false);
    }
  };

  const submitFinal = async (consult: NewConsultInput, payment: PaidPayment) => {
    setSubmitting(true);
    try {
      const submitted = await submitConsult({
        consult,
        caseId: paymentCase,
        paymentIntentId: payment.paymentIntentId,
        couponCode: payment.couponCode,
      });
      toast({
        title: 'Consult submitted',
        description: 'Your consult has been submitted successfully',
        variant: 'success',
      });
      // Issue 22 item 6: one flow for card and free coupon: the vet lands on the new case.
      navigate(`/consults/${submitted.uuid}`);
    } catch (error) {
      setSubmitting(false);
      toast({
        title: PAYMENT_MESSAGES.submissionFailedTitle,
        description: error instanceof Error && error.message ? error.message : PAYMENT_MESSAGES.submissionFailed,
        variant: 'destructive',
      });
    }
  };

  /** Payment succeeded (card or free coupon): the consult is submitted at once, no second click. */
  const onPaid = (result: PaidPayment) => {
    sync.stop();
    setPaid(result);
    const submit = () => void form.handleSubmit((consult) => submitFinal(consult, result))();
    if (result.free) {
      setPaymentOpen(false);
      submit();
      return;
    }
    later(() => {
      setPaymentOpen(false);
      submit();
    }, MODAL_CLOSE_DELAY_MS);
  };

  /** Payment abandoned: the case stays the vet's unpaid work, editable and payable later. */
  const onPaymentCancel = () => {
    setPaymentOpen(false);
    sync.restart();
  };

  const onPrimary = async () => {
    const current = form.getValues();
    const missing = missingRequiredFields(current);
    if (missing.length > 0) {
      toast({
        title: 'Required Fields Missing',
        description: `Please complete: ${missing.join(', ')}`,
        variant: 'destructive',
      });
      await form.handleSubmit(() => undefined)();
      return;
    }
    if (!current.termsAccepted) {
      toast({
        title: 'Terms Required',
        description: 'You must accept the terms and conditions to proceed',
        variant: 'destructive',
      });
      return;
    }
    if (!signedIn) {
      toast({
        title: 'Authentication Required',
        description: 'Please sign in to submit a consultation.',
        variant: 'destructive',
      });
      return;
    }
    await form.handleSubmit(async (consult) => {
      if (paid) await submitFinal(consult, paid);
      else await continueToPayment();
    })();
  };

  /** Clear Draft asks first, with the app's one confirmation dialog (SPEC §5's question). */
  const clearDraft = async () => {
    setClearing(true);
    try {
      await sync.clearDraft();
      setPaymentCase(null);
      setNutritionAcknowledged(false);
    } finally {
      setClearing(false);
      setClearAsked(false);
    }
  };

  /** The draft to upload to: saved first when it has no uuid yet. */
  const resolveDraft = async () => sync.uuid ?? (await sync.flush())?.uuid ?? null;

  const removeFile = async (fileId: number) => {
    try {
      await removeDraftFile({ variables: { fileId } });
    } catch {
      toast({
        title: 'Error',
        description: 'The file could not be removed. Please try again.',
        variant: 'destructive',
      });
    }
  };

  if (sync.loading) return <FullPageSpinner label="Loading draft..." />;

  const awaitingPayment = paymentCase !== null || sync.serverStatus === 'pending_payment';

  return (
    <div className="mx-auto max-w-4xl">
      <div className="mb-4">
        <Button variant="ghost" className="-ml-3 px-3 py-1.5" onClick={() => navigate('/consults')}>
          <span aria-hidden="true">←</span> Back to Consults
        </Button>
      </div>
      <PageHeader
        title="New Consultation"
        subtitle="Describe the patient, choose a specialist and attach diagnostic files."
      />
      <div className="space-y-6">
        <DraftStatusCard
          uuid={sync.uuid}
          status={sync.status}
          lastSavedAt={sync.lastSavedAt}
          awaitingPayment={awaitingPayment}
          locked={paid !== null || submitting}
          onSaveNow={() => void sync.saveNow()}
          onClear={() => setClearAsked(true)}
        />
        {sync.resumable ? (
          <ResumeDraftPrompt
            patientName={sync.resumable.patientName}
            onResume={() => void sync.resume()}
            onStartNew={sync.dismissResumable}
          />
        ) : null}
        {sync.conflict ? (
          <ConflictBanner
            conflict={sync.conflict}
            busy={resolving}
            onUseServer={() => {
              sync.takeServerVersion();
              setNutritionAcknowledged(false);
            }}
            onKeepMine={async () => {
              setResolving(true);
              await sync.keepMyChanges();
              setResolving(false);
            }}
          />
        ) : null}
        {paid ? (
          <div
            role="status"
            className="flex items-center gap-3 rounded-2xl border border-emerald-300 bg-emerald-50 p-4 text-sm font-semibold text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950/40 dark:text-emerald-100"
          >
            <Icon name="check-circle-solid" className="size-5" />
            Payment Complete - Ready to Submit
          </div>
        ) : null}

        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (ready) void onPrimary();
          }}
          className="space-y-6"
          aria-label="New consultation"
        >
          <PatientSection form={form} />
          <div ref={specialtyRef}>
            <SpecialistSection
              form={form}
              onChoose={onChooseSpecialist}
              onChooseFirstAvailable={chooseFirstAvailable}
              onSpecialtyChange={onSpecialtyChange}
            />
          </div>
          <FormSection
            id="diagnostic-files"
            title="Diagnostic Files"
            description="Attach radiographs, lab work, images or records. Each file is stored with the draft as soon as it is attached."
          >
            {renderUploader({
              attached: storedFiles,
              resolveCase: resolveDraft,
              onUploaded: () => void draftFiles.refetch(),
              onRemove: removeFile,
              maxBytes: CONSULT_FILE_MAX_BYTES,
              disabled: submitting || paid !== null,
            })}
          </FormSection>

          <FormSection id="consult-terms" title="Terms">
            <TermsCheckbox
              {...form.register('termsAccepted')}
              error={errors.termsAccepted?.message}
              after=" of the specialty consultation service."
            />
          </FormSection>

          <div className="flex flex-col gap-3 border-t border-slate-200 pt-6 sm:flex-row sm:items-center sm:justify-end dark:border-slate-800">
            {!ready && missing.length > 0 ? (
              <p
                id={missingId}
                data-testid="missing-fields"
                className="text-sm text-slate-600 sm:mr-auto sm:max-w-md dark:text-slate-400"
              >
                Please complete: {missing.join(', ')}
              </p>
            ) : null}
            <div className="flex flex-col-reverse gap-3 sm:flex-row">
              <Button variant="secondary" onClick={() => navigate('/consults')} disabled={submitting}>
                Cancel
              </Button>
              <Button
                type="submit"
                disabled={!ready || submitting || preparing}
                busy={preparing || submitting}
                aria-describedby={!ready && missing.length > 0 ? missingId : undefined}
              >
                {paid ? 'Submit Consultation' : 'Continue to Payment'}
              </Button>
            </div>
          </div>
        </form>
      </div>

      <NutritionModal
        open={pendingNutrition !== null}
        specialistName={pendingNutrition?.name ?? ''}
        onReturn={() => {
          setPendingNutrition(null);
          specialtyRef.current?.querySelector<HTMLSelectElement>('#consult-specialty')?.focus();
        }}
        onContinue={() => {
          const chosen = pendingNutrition;
          setPendingNutrition(null);
          setNutritionAcknowledged(true);
          if (chosen) selectSpecialist(chosen);
        }}
      />
      <ConfirmDialog
        open={clearAsked}
        title="Delete draft"
        confirmLabel="Delete"
        icon="exclamation-triangle"
        busy={clearing}
        onCancel={() => setClearAsked(false)}
        onConfirm={() => void clearDraft()}
      >
        Are you sure you want to delete this draft? This action cannot be undone.
      </ConfirmDialog>
      {paymentCase
        ? renderPayment({
            open: paymentOpen,
            type: 'consultation',
            caseId: paymentCase,
            formData: formData(),
            onCancel: onPaymentCancel,
            onPaid,
          })
        : null}
    </div>
  );
}

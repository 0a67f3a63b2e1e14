import { zodResolver } from '@hookform/resolvers/zod';
import { type RevisitInput, revisitSchema } from '@vetconsult/schema/consult';
import { CONSULT_FILE_MAX_BYTES } from '@vetconsult/schema/files';
import { PAYMENT_MESSAGES } from '@vetconsult/schema/payment';
import { URGENCY_LABELS, type Urgency, urgencyPromise } from '@vetconsult/schema/urgency';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { FullPageSpinner } from '../../../components/ui/spinner';
import { TermsCheckbox } from '../../../components/ui/terms-checkbox';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { UrgencyPicker } from '../../../components/ui/urgency-picker';
import { useAuth } from '../../../lib/auth/auth-context';
import { toast } from '../../../lib/toasts';
import { useRevisitCase } from '../api/revisit-case';
import { submitRevisit } from '../api/submit-revisit';

const REDIRECT_AFTER_SUBMIT_MS = 1500;

export interface RevisitPaidPayment {
  paymentIntentId: string;
  couponCode: string | null;
  free: boolean;
}

export interface RevisitUploaderSlotProps {
  files: File[];
  onChange(files: File[]): void;
  maxBytes: number;
  label?: string;
  description?: string;
  disabled?: boolean;
}

export interface RevisitPaymentSlotProps {
  type: 'revisit';
  caseId: string;
  urgency: Urgency;
  onCancel(): void;
  onPaid(result: RevisitPaidPayment): void;
}

interface RevisitPageProps {
  caseUuid: string;
  renderUploader(props: RevisitUploaderSlotProps): ReactNode;
  renderPayment(props: RevisitPaymentSlotProps): ReactNode;
}

interface RevisitFormValues {
  originalCaseUuid: string;
  clinicalSigns: string;
  questions: string;
  termsAccepted: boolean;
}

/** SPEC §2 /consults/revisit/:caseUuid, with its guards in the spec's order. */
export function RevisitPage({ caseUuid, renderUploader, renderPayment }: RevisitPageProps) {
  const navigate = useNavigate();
  const { user } = useAuth();
  const query = useRevisitCase(caseUuid);
  // Once loaded, the case stays on screen through later cache refreshes, so the form is never remounted.
  const loaded = useRef(query.data?.case);
  if (query.data?.case) loaded.current = query.data.case;
  const kase = loaded.current;

  const back = (
    <Button variant="ghost" className="-ml-3 px-3 py-1.5" onClick={() => navigate(`/consults/${caseUuid}`)}>
      <span aria-hidden="true">←</span> Back to Case Details
    </Button>
  );

  if (query.loading && !kase) return <FullPageSpinner />;

  let blocked: ReactNode = null;
  if (!kase) {
    blocked = (
      <Guard message="Error loading case details">
        <Button variant="secondary" onClick={() => navigate('/consults')}>
          Back to Consults
        </Button>
      </Guard>
    );
  } else if (!user || kase.vetId !== user.id) {
    blocked = <Guard message="You are not authorized to revisit this case" />;
  } else if (kase.status !== 'reviewed') {
    blocked = <Guard message="This case must be completed before it can be revisited" />;
  }

  return (
    <div className="mx-auto max-w-3xl">
      <div className="mb-4">{back}</div>
      <PageHeader
        title="Revisit Case"
        subtitle={
          kase ? (
            <>
              {kase.label} <span className="font-mono">#{kase.displayId}</span> · {kase.patientName ?? kase.title}
              {kase.specialist ? ` · ${kase.specialist.name}` : ''}
            </>
          ) : null
        }
      />
      {blocked ??
        (kase ? (
          <RevisitForm
            caseUuid={kase.uuid}
            specialistId={kase.specialistId ?? null}
            renderUploader={renderUploader}
            renderPayment={renderPayment}
          />
        ) : null)}
    </div>
  );
}

function Guard({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <Card className="p-8 text-center">
      <p role="alert" className="text-base font-semibold text-slate-900 dark:text-white">
        {message}
      </p>
      {children ? <div className="mt-4">{children}</div> : null}
    </Card>
  );
}

function RevisitForm({
  caseUuid,
  specialistId,
  renderUploader,
  renderPayment,
}: {
  caseUuid: string;
  specialistId: number | null;
  renderUploader: RevisitPageProps['renderUploader'];
  renderPayment: RevisitPageProps['renderPayment'];
}) {
  const navigate = useNavigate();
  const [files, setFiles] = useState<File[]>([]);
  const [paying, setPaying] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [urgency, setUrgency] = useState<Urgency>('routine');
  const paymentRef = useRef<HTMLDivElement>(null);
  const timers = useRef<number[]>([]);
  useEffect(
    () => () => {
      for (const t of timers.current) window.clearTimeout(t);
    },
    [],
  );

  const form = useForm<RevisitFormValues, unknown, RevisitInput>({
    resolver: zodResolver(revisitSchema) as unknown as Resolver<RevisitFormValues, unknown, RevisitInput>,
    defaultValues: { originalCaseUuid: caseUuid, clinicalSigns: '', questions: '', termsAccepted: false },
  });
  const {
    register,
    formState: { errors },
  } = form;

  useEffect(() => {
    if (paying) paymentRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [paying]);

  const submit = async (payment: RevisitPaidPayment) => {
    setSubmitting(true);
    const values = form.getValues();
    try {
      const created = await submitRevisit({
        originalCaseUuid: caseUuid,
        specialistId,
        clinicalSigns: values.clinicalSigns.trim(),
        questions: values.questions.trim(),
        paymentIntentId: payment.paymentIntentId,
        couponCode: payment.couponCode,
        urgency,
        files,
      });
      toast({
        title: PAYMENT_MESSAGES.submittedTitle,
        description: 'Your revisit has been submitted successfully',
        variant: 'success',
      });
      timers.current.push(window.setTimeout(() => navigate(`/consults/${created.uuid}`), REDIRECT_AFTER_SUBMIT_MS));
    } catch (error) {
      setSubmitting(false);
      toast({
        title: PAYMENT_MESSAGES.submissionFailedTitle,
        description: error instanceof Error && error.message ? error.message : 'Failed to submit revisit',
        variant: 'destructive',
      });
    }
  };

  // The payment card holds its own forms, so it sits after the revisit form, never inside it.
  return (
    <div className="space-y-6">
      <form
        noValidate
        aria-label="Revisit case"
        onSubmit={form.handleSubmit(() => setPaying(true))}
        className="space-y-6"
      >
        <Card className="space-y-5 p-5 sm:p-6">
          <TextAreaField
            rows={5}
            label="New Clinical Signs or Updates"
            {...register('clinicalSigns')}
            error={errors.clinicalSigns?.message}
            disabled={paying}
          />
          <TextAreaField
            rows={5}
            label="New Questions"
            {...register('questions')}
            error={errors.questions?.message}
            disabled={paying}
          />
          {renderUploader({
            files,
            onChange: setFiles,
            maxBytes: CONSULT_FILE_MAX_BYTES,
            label: 'Additional Files (optional)',
            description: 'DICOM, images, videos or PDFs.',
            disabled: submitting,
          })}
          {paying ? (
            <p className="text-sm text-slate-700 dark:text-slate-200">
              Urgency: <span className="font-semibold">{URGENCY_LABELS[urgency]}</span> ({urgencyPromise(urgency)})
            </p>
          ) : (
            <UrgencyPicker value={urgency} onChange={setUrgency} />
          )}
          <div>
            <TermsCheckbox
              {...register('termsAccepted')}
              disabled={paying}
              error={errors.termsAccepted?.message}
              after=", including the additional fee for reopening a case."
            />
          </div>
        </Card>
        {paying ? null : (
          <div className="flex justify-end">
            <Button type="submit">Continue to Payment</Button>
          </div>
        )}
      </form>
      {paying ? (
        <div ref={paymentRef}>
          <Card className="p-5 sm:p-6">
            <h2 className="mb-1 text-lg font-semibold text-slate-900 dark:text-white">Case Reopening Payment</h2>
            <p className="mb-5 text-sm text-slate-600 dark:text-slate-400">
              Pay the revisit fee to send your update to the specialist.
            </p>
            {submitting ? (
              <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
                Submitting revisit...
              </p>
            ) : (
              renderPayment({
                type: 'revisit',
                caseId: caseUuid,
                urgency,
                onCancel: () => setPaying(false),
                onPaid: (paid) => void submit(paid),
              })
            )}
          </Card>
        </div>
      ) : null}
    </div>
  );
}

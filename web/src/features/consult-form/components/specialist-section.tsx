import { ROUTING_MESSAGES, TURNAROUND_MESSAGES } from '@vetconsult/schema/urgency';
import { FORM_SPECIALTIES } from '@vetconsult/schema/values';
import { type ReactNode, useEffect, useId } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/empty-state';
import { FieldError, SelectField } from '../../../components/ui/form-field';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { UrgencyPicker } from '../../../components/ui/urgency-picker';
import { useAuth } from '../../../lib/auth/auth-context';
import { useChosenSpecialistQuestions } from '../api/specialist-questions';
import { useConsultSpecialists } from '../api/specialists';
import type { ConsultFormValues, SpecialistResponse } from '../hooks/consult-form-values';
import { FormSection } from './form-section';
import { nextAvailableText } from './next-available';

export interface ChosenSpecialist {
  id: number;
  name: string;
  specialty: string | null;
}

const isPickerSpecialty = (value: string) => (FORM_SPECIALTIES as readonly string[]).includes(value);

/**
 * The picker offers the 11 specialties of SPEC §3. Specialists of the specialties outside that list
 * (Nutrition, Dentistry, Rehabilitation) are listed under Other; choosing one records their own
 * specialty on the case, so their Available Cases and the Nutrition pricing see it.
 */
export function pickerValueOf(specialty: string): string {
  if (!specialty) return '';
  return isPickerSpecialty(specialty) ? specialty : 'Other';
}

interface SpecialistSectionProps<T> {
  form: UseFormReturn<ConsultFormValues, unknown, T>;
  /** A specialist row was chosen; the page may ask for the nutrition acknowledgement first. */
  onChoose(specialist: ChosenSpecialist): void;
  /** Issue 19: "First available specialist" was chosen instead of a named one. */
  onChooseFirstAvailable(): void;
  /** The picker changed: the specialist choice and the nutrition acknowledgement are reset. */
  onSpecialtyChange(specialty: string): void;
}

export function SpecialistSection<T>({
  form,
  onChoose,
  onChooseFirstAvailable,
  onSpecialtyChange,
}: SpecialistSectionProps<T>) {
  const {
    register,
    setValue,
    formState: { errors },
  } = form;
  const specialty = useWatch({ control: form.control, name: 'specialty' });
  const specialistId = useWatch({ control: form.control, name: 'specificSpecialistId' });
  const firstAvailable = useWatch({ control: form.control, name: 'firstAvailable' });
  const responses = useWatch({ control: form.control, name: 'specialistResponses' });
  const nutritionComplex = useWatch({ control: form.control, name: 'nutritionComplex' });
  const urgency = useWatch({ control: form.control, name: 'urgency' });
  const picker = pickerValueOf(specialty);
  const { user } = useAuth();
  const listLabelId = useId();
  const listErrorId = useId();

  const specialists = useConsultSpecialists(picker === 'Other' ? null : picker || null, !picker);
  const rows = (specialists.data?.specialists ?? []).filter(
    (s) => picker !== 'Other' || s.specialty === 'Other' || !isPickerSpecialty(s.specialty ?? ''),
  );
  const questions = useChosenSpecialistQuestions(specialistId);
  const questionList = questions.data?.specialistQuestions ?? [];

  // The answers follow the chosen specialist's questions; answers already typed are kept.
  useEffect(() => {
    if (specialistId < 1 || !questions.data) return;
    const current = form.getValues('specialistResponses');
    const next: SpecialistResponse[] = questionList.map((q) => ({
      questionId: q.id,
      questionText: q.questionText,
      answer: current.find((r) => r.questionId === q.id)?.answer ?? '',
    }));
    if (JSON.stringify(next) !== JSON.stringify(current)) setValue('specialistResponses', next);
  }, [questions.data, questionList, specialistId, form, setValue]);

  const answerOf = (id: number) => responses.find((r) => r.questionId === id)?.answer ?? '';
  const setAnswer = (id: number, questionText: string, answer: string) => {
    const others = form.getValues('specialistResponses').filter((r) => r.questionId !== id);
    const next = questionList.map((q) =>
      q.id === id
        ? { questionId: id, questionText, answer }
        : (others.find((r) => r.questionId === q.id) ?? { questionId: q.id, questionText: q.questionText, answer: '' }),
    );
    setValue('specialistResponses', next, { shouldDirty: true });
  };

  const specialistError = errors.specificSpecialistId?.message ?? errors.firstAvailable?.message;
  // Issue 19: STAT goes only to a specialist available now; say so and offer those who are.
  const chosen = rows.find((s) => s.id === specialistId);
  const availableNow = rows.filter((s) => s.isAvailable);
  const statBlocked = urgency === 'stat' && !!picker && (chosen ? !chosen.isAvailable : availableNow.length === 0);
  // Issue 19: the first available specialist of one specialty (Other mixes several: name one there).
  const offerFirstAvailable = picker !== 'Other' && rows.length > 0;
  const firstAvailableDetail =
    availableNow.length === 0
      ? `${ROUTING_MESSAGES.firstAvailableHint} Nobody is available right now.`
      : `${ROUTING_MESSAGES.firstAvailableHint} ${availableNow.length} available now.`;

  return (
    <FormSection
      id="specialist-selection"
      title="Specialist Selection"
      description="Choose a specialty and the specialist who should review this case, or the first available one."
    >
      <div className="space-y-5">
        <SelectField
          label="Specialty"
          mandatory
          id="consult-specialty"
          value={picker}
          onChange={(event) => onSpecialtyChange(event.target.value)}
          error={errors.specialty?.message}
        >
          <option value="">Select a specialty</option>
          {FORM_SPECIALTIES.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </SelectField>

        {picker ? (
          <fieldset aria-describedby={specialistError ? listErrorId : undefined}>
            <legend id={listLabelId} className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-200">
              Specialist
            </legend>
            {specialists.loading && !specialists.data ? (
              <LoadingState label="Loading specialists..." />
            ) : specialists.error ? (
              <ErrorState title="Failed to fetch specialists" onRetry={() => void specialists.refetch()} />
            ) : rows.length === 0 ? (
              <EmptyState title="No specialists are available for this specialty yet." />
            ) : (
              <div
                className="max-h-[300px] space-y-2 overflow-y-auto rounded-xl border border-slate-200 p-2 dark:border-slate-800"
                data-testid="specialist-list"
              >
                {offerFirstAvailable ? (
                  <SpecialistChoice
                    value="first-available"
                    checked={firstAvailable}
                    onChoose={() => onChooseFirstAvailable()}
                  >
                    <span className="block text-sm font-semibold text-slate-900 dark:text-white">
                      {ROUTING_MESSAGES.firstAvailable}
                    </span>
                    <span className="block text-xs text-slate-600 dark:text-slate-400">{firstAvailableDetail}</span>
                  </SpecialistChoice>
                ) : null}
                {rows.map((s) => {
                  const checked = !firstAvailable && s.id === specialistId;
                  return (
                    <SpecialistChoice
                      key={s.id}
                      value={String(s.id)}
                      checked={checked}
                      onChoose={() => onChoose({ id: s.id, name: s.name, specialty: s.specialty ?? null })}
                    >
                      <span className="flex flex-wrap items-center gap-2">
                        <span className="text-sm font-semibold text-slate-900 dark:text-white">{s.name}</span>
                        {!s.isAvailable ? (
                          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900/50 dark:text-amber-200">
                            Away
                          </span>
                        ) : (
                          <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-200">
                            Available
                          </span>
                        )}
                      </span>
                      <span className="block text-xs text-slate-600 dark:text-slate-400">{s.specialty}</span>
                      {!s.isAvailable ? (
                        <span className="mt-0.5 block text-xs text-slate-600 dark:text-slate-400">
                          {nextAvailableText(s, user?.timezone) ?? 'Availability not set - contact for booking'}
                        </span>
                      ) : null}
                    </SpecialistChoice>
                  );
                })}
              </div>
            )}
            <FieldError id={listErrorId} message={specialistError} />
          </fieldset>
        ) : null}

        <UrgencyPicker value={urgency} onChange={(next) => setValue('urgency', next, { shouldDirty: true })}>
          {statBlocked ? (
            <div
              role="alert"
              className="mt-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2.5 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100"
            >
              <p>
                {availableNow.length === 0
                  ? TURNAROUND_MESSAGES.statNoneAvailable
                  : TURNAROUND_MESSAGES.statNeedsAvailable}
              </p>
              {availableNow.length > 0 ? (
                <div className="mt-2 flex flex-wrap gap-2">
                  {availableNow.map((s) => (
                    <button
                      key={s.id}
                      type="button"
                      onClick={() => onChoose({ id: s.id, name: s.name, specialty: s.specialty ?? null })}
                      className="rounded-full bg-white px-3 py-1 text-xs font-semibold text-amber-900 ring-1 ring-amber-300 hover:bg-amber-100 dark:bg-amber-900/60 dark:text-amber-50 dark:ring-amber-700 dark:hover:bg-amber-900"
                    >
                      Choose {s.name}
                    </button>
                  ))}
                </div>
              ) : null}
            </div>
          ) : null}
        </UrgencyPicker>

        {specialty === 'Nutrition' ? (
          <div className="flex items-start gap-3 rounded-lg bg-slate-50 px-3 py-3 dark:bg-slate-800/60">
            <input
              id="consult-nutrition-complex"
              type="checkbox"
              checked={nutritionComplex}
              onChange={(event) => setValue('nutritionComplex', event.target.checked, { shouldDirty: true })}
              className="mt-0.5 size-4 rounded border-slate-300 accent-brand-700 dark:accent-brand-400"
            />
            <label htmlFor="consult-nutrition-complex" className="text-sm text-slate-700 dark:text-slate-200">
              <span className="font-medium">This case needs a complex diet formulation</span>
              <span className="block text-xs text-slate-500 dark:text-slate-400">
                Adds $75 plus applicable taxes to the consultation fee.
              </span>
            </label>
          </div>
        ) : null}

        <TextAreaField
          label="Clinical Signs"
          mandatory
          hint="History, examination findings and results so far (at least 10 characters)."
          {...register('clinicalSigns')}
          error={errors.clinicalSigns?.message}
        />
        <TextAreaField
          label="Specific Questions"
          mandatory
          hint="What would you like the specialist to answer? (at least 10 characters)"
          {...register('questions')}
          error={errors.questions?.message}
        />

        {questionList.length > 0 ? (
          <div className="space-y-4 rounded-xl border border-brand-200 bg-brand-50/50 p-4 dark:border-brand-900 dark:bg-brand-950/30">
            <h3 className="text-sm font-semibold text-slate-900 dark:text-white">Questions from the specialist</h3>
            {questionList.map((q) => (
              <TextAreaField
                key={q.id}
                label={q.required ? q.questionText : `${q.questionText} (optional)`}
                mandatory={q.required}
                rows={2}
                value={answerOf(q.id)}
                onChange={(event) => setAnswer(q.id, q.questionText, event.target.value)}
              />
            ))}
          </div>
        ) : null}
      </div>
    </FormSection>
  );
}

/** One radio row of the specialist list (a named specialist, or the first available one). */
function SpecialistChoice(props: { value: string; checked: boolean; onChoose: () => void; children: ReactNode }) {
  return (
    <label
      className={`flex cursor-pointer items-start gap-3 rounded-lg border px-3 py-2.5 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 ${
        props.checked
          ? 'border-brand-600 bg-brand-50 dark:border-brand-400 dark:bg-brand-950/50'
          : 'border-transparent hover:bg-slate-50 dark:hover:bg-slate-800/60'
      }`}
    >
      <input
        type="radio"
        name="consult-specialist"
        value={props.value}
        checked={props.checked}
        onChange={props.onChoose}
        className="mt-1 size-4 accent-brand-700 focus-visible:outline-none dark:accent-brand-400"
      />
      <span className="min-w-0 flex-1">{props.children}</span>
    </label>
  );
}

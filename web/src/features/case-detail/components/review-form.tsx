import { zodResolver } from '@hookform/resolvers/zod';
import { REVIEW_SUMMARY_REQUIRED, reviewSchema } from '@vetconsult/schema/consult';
import { MAX_FILES_PER_UPLOAD, SUMMARY_FILE_MAX_BYTES } from '@vetconsult/schema/files';
import { LIMITS } from '@vetconsult/schema/values';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { INPUT_CLASS } from '../../../components/ui/form-field';
import { formatFileSize } from '../../../lib/case-display';
import { toast } from '../../../lib/toasts';
import { useSaveSummaryDraft } from '../api/save-summary-draft';
import { useSubmitReview } from '../api/submit-review';

// SPEC §2/§5/§6 "final summary": the assigned specialist of an accepted case writes the summary and
// may attach files. The summary must be non-empty after trimming; the button is disabled while empty.
// While it is written the summary autosaves to the server like the consult form's draft (3 s after the
// last keystroke, issue 22 item 5), so a reload or a closed tab restores it.

type DraftState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; at: Date } | { kind: 'error' };

const summaryOnly = reviewSchema.pick({ summary: true });

export function ReviewForm({
  uuid,
  specialistId,
  initialSummary,
  onSubmitted,
}: {
  uuid: string;
  specialistId: number;
  /** The summary draft kept on the server. */
  initialSummary: string;
  onSubmitted(): void;
}) {
  const { submit, loading } = useSubmitReview();
  const [saveSummaryDraft] = useSaveSummaryDraft();
  const [draftState, setDraftState] = useState<DraftState>({ kind: 'idle' });
  const submittedRef = useRef(false);
  const [files, setFiles] = useState<Array<{ key: number; file: File }>>([]);
  const nextKey = useRef(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const summaryId = useId();
  const filesId = useId();
  const { register, handleSubmit, watch, reset } = useForm({
    resolver: zodResolver(summaryOnly),
    defaultValues: { summary: initialSummary },
  });
  const summary = watch('summary');
  const lastSaved = useRef(initialSummary);

  // Autosave: 3 s after the last change of the summary.
  useEffect(() => {
    if (summary === lastSaved.current || submittedRef.current) return;
    const timer = window.setTimeout(async () => {
      setDraftState({ kind: 'saving' });
      try {
        await saveSummaryDraft({ variables: { uuid, summary } });
        lastSaved.current = summary;
        setDraftState({ kind: 'saved', at: new Date() });
      } catch {
        setDraftState({ kind: 'error' });
      }
    }, LIMITS.draftAutosaveMs);
    return () => window.clearTimeout(timer);
  }, [summary, uuid, saveSummaryDraft]);

  const onValid = async ({ summary: text }: { summary: string }) => {
    submittedRef.current = true;
    try {
      await submit({ uuid, summary: text, specialistId, files: files.map((entry) => entry.file) });
      toast({
        title: 'Review submitted',
        description: 'Your review has been submitted successfully',
        variant: 'success',
      });
      setFiles([]);
      reset({ summary: '' });
      onSubmitted();
    } catch (error) {
      submittedRef.current = false;
      toast({
        title: 'Error submitting review',
        description: error instanceof Error ? error.message : 'Failed to submit review',
        variant: 'destructive',
      });
    }
  };
  const onInvalid = () => toast({ title: REVIEW_SUMMARY_REQUIRED, variant: 'destructive' });

  const addFiles = (list: FileList | null) => {
    if (!list) return;
    const chosen = [...list];
    const tooLarge = chosen.find((file) => file.size > SUMMARY_FILE_MAX_BYTES);
    if (tooLarge) {
      toast({
        title: 'Error',
        description: `File ${tooLarge.name} is too large. The maximum size is ${SUMMARY_FILE_MAX_BYTES / 1024 / 1024} MB.`,
        variant: 'destructive',
      });
    }
    const accepted = chosen
      .filter((file) => file.size <= SUMMARY_FILE_MAX_BYTES)
      .map((file) => ({ key: nextKey.current++, file }));
    setFiles((current) => [...current, ...accepted].slice(0, MAX_FILES_PER_UPLOAD));
    if (fileInput.current) fileInput.current.value = '';
  };

  return (
    <Card className="p-5 sm:p-6" role="region" aria-labelledby="review-heading">
      <h2 id="review-heading" className="text-base font-semibold text-slate-900 dark:text-white">
        Final Summary
      </h2>
      <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
        Your written opinion and recommendations for the referring veterinarian.
      </p>
      <form className="mt-4 space-y-4" onSubmit={handleSubmit(onValid, onInvalid)} noValidate>
        <div>
          <label htmlFor={summaryId} className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-200">
            Summary
          </label>
          <textarea
            id={summaryId}
            rows={8}
            {...register('summary')}
            className={`${INPUT_CLASS} border-slate-300 dark:border-slate-700`}
            placeholder="Assessment, differential diagnoses, recommended work-up and treatment..."
          />
          <p
            data-testid="summary-draft-status"
            role="status"
            aria-live="polite"
            className="mt-1.5 text-xs text-slate-500 dark:text-slate-400"
          >
            {draftState.kind === 'saving'
              ? 'Saving draft...'
              : draftState.kind === 'saved'
                ? `Draft saved at ${draftState.at.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}`
                : draftState.kind === 'error'
                  ? 'Draft not saved - check your connection'
                  : 'Your summary is saved as a draft while you write'}
          </p>
        </div>
        <div>
          <label htmlFor={filesId} className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-200">
            Attachments (optional)
          </label>
          <input
            ref={fileInput}
            id={filesId}
            type="file"
            multiple
            onChange={(event) => addFiles(event.target.files)}
            className="block w-full text-sm text-slate-600 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-brand-800 hover:file:bg-brand-100 dark:text-slate-300 dark:file:bg-brand-950 dark:file:text-brand-200"
          />
          {files.length > 0 ? (
            <ul className="mt-3 space-y-2" aria-label="Selected attachments">
              {files.map(({ key, file }) => (
                <li
                  key={key}
                  className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm dark:border-slate-700"
                >
                  <span className="min-w-0 truncate text-slate-800 dark:text-slate-200">
                    {file.name}{' '}
                    <span className="text-xs text-slate-500 dark:text-slate-400">({formatFileSize(file.size)})</span>
                  </span>
                  <button
                    type="button"
                    onClick={() => setFiles((current) => current.filter((entry) => entry.key !== key))}
                    className="text-xs font-semibold text-red-700 hover:underline dark:text-red-400"
                    aria-label={`Remove ${file.name}`}
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <div className="flex justify-end">
          <Button type="submit" busy={loading} disabled={summary.trim() === ''}>
            Submit Review
          </Button>
        </div>
      </form>
    </Card>
  );
}

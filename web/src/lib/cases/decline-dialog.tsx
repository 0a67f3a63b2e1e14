import { zodResolver } from '@hookform/resolvers/zod';
import { DECLINE_REASON_MAX, declineSchema } from '@vetconsult/schema/turnaround';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { Dialog, DialogHeading } from '../../components/ui/dialog';
import { IconBadge } from '../../components/ui/icon-badge';
import { TextAreaField } from '../../components/ui/text-area-field';
import { serverErrorMessage } from '../graphql-errors';
import { toast } from '../toasts';
import { useDeclineCase } from './decline-case';

// The decline dialog (issue 19): a short reason, required (declineSchema, the server's own rule), told
// to the veterinarian at once. Loaded when first opened, so the lists load without the validation library.

interface DeclineDialogProps {
  open: boolean;
  uuid: string;
  displayId: string;
  /** Queries to refetch after the decline (the lists that held the case). */
  refetchQueries?: string[];
  onClose(): void;
  onDeclined?(): void;
}

export default function DeclineDialog({
  open,
  uuid,
  displayId,
  refetchQueries,
  onClose,
  onDeclined,
}: DeclineDialogProps) {
  const [declineCase, { loading }] = useDeclineCase(refetchQueries);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(declineSchema), defaultValues: { reason: '' } });

  const close = () => {
    if (loading) return;
    reset();
    onClose();
  };

  const submit = handleSubmit(async ({ reason }) => {
    try {
      await declineCase({ variables: { uuid, reason } });
      toast({
        title: 'Case declined',
        description: 'The veterinarian has been told and will choose another specialist.',
        variant: 'success',
      });
      reset();
      onClose();
      onDeclined?.();
    } catch (error) {
      toast({
        title: 'Could not decline',
        description: serverErrorMessage(error) || 'Failed to decline this case',
        variant: 'destructive',
      });
    }
  });

  return (
    <Dialog open={open} onClose={loading ? undefined : close} placement="sheet">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <div className="flex items-start gap-4">
          <IconBadge icon="exclamation-triangle" tone="red" size="sm" className="shrink-0" />
          <div className="min-w-0 flex-1">
            <DialogHeading>Decline case #{displayId}?</DialogHeading>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
              The veterinarian is told at once, with your reason, and sends it to another specialist without paying
              again.
            </p>
          </div>
        </div>
        <div className="mt-5">
          <TextAreaField
            label="Reason"
            mandatory
            rows={3}
            maxLength={DECLINE_REASON_MAX}
            placeholder="e.g. Fully booked until Monday"
            error={errors.reason?.message}
            {...register('reason')}
          />
        </div>
        <div className="mt-6 flex justify-end gap-3">
          <Button type="button" variant="secondary" onClick={close} disabled={loading}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" busy={loading}>
            Decline case
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

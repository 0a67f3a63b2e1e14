import {
  findOverlappingSlot,
  INVALID_TIME_RANGE_MESSAGE,
  INVALID_TIME_RANGE_TITLE,
  minutesOfDay,
  OVERLAP_MESSAGE,
  TIME_CONFLICT_TITLE,
  type WeeklySlot,
} from '@vetconsult/schema/availability';
import { useState } from 'react';
import { serverErrorMessage } from '../../../lib/graphql-errors';
import { toast } from '../../../lib/toasts';
import { useAddAvailabilitySlot } from '../api/add-availability-slot';
import { useDeleteAvailabilitySlot } from '../api/delete-availability-slot';

// Adding and removing slots with the checks and messages of SPEC §5 and §8: the shared rules run
// before the call (the server applies the same ones), and the server's own message wins on failure.

export interface ExistingSlot extends WeeklySlot {
  id: number;
}

export function useAvailabilityActions(specialistId: number, slots: readonly ExistingSlot[]) {
  const [addSlotMutation, addState] = useAddAvailabilitySlot(specialistId);
  const [deleteSlotMutation] = useDeleteAvailabilitySlot(specialistId);
  const [removingId, setRemovingId] = useState<number | null>(null);

  /**
   * Every outcome is announced with a toast. Resolves null when the slot was stored, else the problem
   * (so an open dialog can repeat it inline: a modal dialog hides the toast region from screen readers).
   */
  async function addSlot(slot: WeeklySlot, successTitle: string): Promise<string | null> {
    const fail = (title: string, description: string) => {
      toast({ title, description, variant: 'destructive' });
      return `${title}: ${description}`;
    };
    if (minutesOfDay(slot.endTime) <= minutesOfDay(slot.startTime)) {
      return fail(INVALID_TIME_RANGE_TITLE, INVALID_TIME_RANGE_MESSAGE);
    }
    if (findOverlappingSlot(slot, slots)) return fail(TIME_CONFLICT_TITLE, OVERLAP_MESSAGE);
    try {
      await addSlotMutation({ variables: { input: slot } });
      toast({ title: successTitle, variant: 'success' });
      return null;
    } catch (error) {
      const message = serverErrorMessage(error);
      if (message === OVERLAP_MESSAGE) return fail(TIME_CONFLICT_TITLE, message);
      if (message === INVALID_TIME_RANGE_MESSAGE) return fail(INVALID_TIME_RANGE_TITLE, message);
      return fail('Error adding availability', message || 'Failed to add availability');
    }
  }

  /** Resolves whether the slot is gone (a failure is announced with a toast). */
  async function removeSlot(id: number): Promise<boolean> {
    setRemovingId(id);
    try {
      await deleteSlotMutation({ variables: { id } });
      toast({ title: 'Availability removed', variant: 'success' });
      return true;
    } catch (error) {
      toast({
        title: 'Error removing availability',
        description: serverErrorMessage(error) || 'Failed to remove availability',
        variant: 'destructive',
      });
      return false;
    } finally {
      setRemovingId(null);
    }
  }

  return { addSlot, removeSlot, adding: addState.loading, removingId };
}

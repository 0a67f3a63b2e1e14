import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql/gql';
import { availabilitySlotsQuery } from './availability-slots';

const deleteAvailabilitySlotMutation = graphql(`
  mutation DeleteAvailabilitySlot($id: Int!) {
    deleteAvailabilitySlot(id: $id) {
      id
    }
  }
`);

/** Removes a slot and drops it from the cached list. */
export function useDeleteAvailabilitySlot(specialistId: number) {
  return useMutation(deleteAvailabilitySlotMutation, {
    update(cache, { data }) {
      const removed = data?.deleteAvailabilitySlot;
      if (!removed) return;
      cache.updateQuery({ query: availabilitySlotsQuery, variables: { specialistId } }, (current) =>
        current ? { availability: current.availability.filter((slot) => slot.id !== removed.id) } : current,
      );
    },
  });
}

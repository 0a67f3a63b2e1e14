import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql/gql';
import { availabilitySlotsQuery } from './availability-slots';

const addAvailabilitySlotMutation = graphql(`
  mutation AddAvailabilitySlot($input: AvailabilitySlotInput!) {
    addAvailabilitySlot(input: $input) {
      id
      specialistId
      dayOfWeek
      startTime
      endTime
    }
  }
`);

/** Adds a slot and appends it to the cached list, so both tabs update without a refetch. */
export function useAddAvailabilitySlot(specialistId: number) {
  return useMutation(addAvailabilitySlotMutation, {
    update(cache, { data }) {
      const added = data?.addAvailabilitySlot;
      if (!added) return;
      cache.updateQuery({ query: availabilitySlotsQuery, variables: { specialistId } }, (current) =>
        current ? { availability: [...current.availability, added] } : current,
      );
    },
  });
}

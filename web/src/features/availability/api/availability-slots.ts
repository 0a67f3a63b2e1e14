import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql/gql';

export const availabilitySlotsQuery = graphql(`
  query AvailabilitySlots($specialistId: Int!) {
    availability(specialistId: $specialistId) {
      id
      dayOfWeek
      startTime
      endTime
    }
  }
`);

/** The signed-in specialist's weekly slots. */
export function useAvailabilitySlots(specialistId: number) {
  return useQuery(availabilitySlotsQuery, { variables: { specialistId } });
}

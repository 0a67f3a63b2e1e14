import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql/gql';

const chosenSpecialistQuestionsQuery = graphql(`
  query ChosenSpecialistQuestions($specialistId: Int!) {
    specialistQuestions(specialistId: $specialistId) {
      id
      questionText
      required
    }
  }
`);

/** The extra questions of the chosen specialist. */
export function useChosenSpecialistQuestions(specialistId: number) {
  return useQuery(chosenSpecialistQuestionsQuery, {
    variables: { specialistId },
    skip: specialistId < 1,
  });
}

import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql/gql';

const completeOnboardingMutation = graphql(`
  mutation CompleteOnboarding {
    completeOnboarding {
      id
      onboardingCompleted
    }
  }
`);

export function useCompleteOnboarding() {
  return useMutation(completeOnboardingMutation);
}

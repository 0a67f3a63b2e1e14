import { graphql } from '../../gql/gql';

/** The signed-in user as the client keeps it (session, role landing, frame, profile). */
export const userFieldsFragment = graphql(`
  fragment UserFields on User {
    id
    username
    email
    name
    role
    approved
    specialty
    clinicName
    clinicAddress
    timezone
    profilePhotoUrl
    onboardingCompleted
  }
`);

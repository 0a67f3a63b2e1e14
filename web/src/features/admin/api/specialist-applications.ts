import { graphql } from '../../../gql/gql';

/** Specialists awaiting approval, and with includeApproved the approved ones after them. */
export const specialistApplicationsQuery = graphql(`
  query SpecialistApplications($includeApproved: Boolean!) {
    pendingSpecialists(includeApproved: $includeApproved) {
      id
      name
      email
      username
      specialty
      approved
      createdAt
    }
  }
`);

import { graphql } from '../../../gql/gql';

/** Everything the case detail shows; the query, the live subscription and accept all select it. */
export const caseDetailFieldsFragment = graphql(`
  fragment CaseDetailFields on Case {
    id
    uuid
    shortId
    displayId
    title
    label
    isRevisit
    status
    statusLabel
    specialty
    urgency
    dueAt
    overdue
    activatedAt
    cancelledAt
    cancelReason
    routing
    specialistNeed
    declines {
      specialistId
      specialistName
      reason
      declinedAt
    }
    refund {
      amount
      currency
      refundedAt
    }
    patientName
    familyLastName
    contactEmail
    submittingDvm
    dateOfBirth
    species
    sex
    breed
    spayNeuterStatus
    age
    ageUnit
    clinicalSigns
    questions
    specialistResponses
    summary
    summaryDraft
    vetId
    specialistId
    createdAt
    updatedAt
    acceptedAt
    reviewedAt
    originalCase {
      id
      uuid
      displayId
      label
      summary
      reviewedAt
      specialist {
        id
        name
      }
      files {
        id
        originalName
        fileType
        fileSize
        fileCategory
        createdAt
        url
      }
    }
    vet {
      id
      name
      clinicName
      clinicAddress
    }
    specialist {
      id
      name
      specialty
    }
    files {
      id
      originalName
      fileType
      fileSize
      fileCategory
      createdAt
      url
    }
  }
`);

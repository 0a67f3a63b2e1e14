import { graphql } from '../../gql/gql';

// The app's event streams, each written once (schema/schema.graphql, type Subscription). A screen passes
// the one that changes its data to useLiveQuery (lib/live-query.ts). A subscription that selects a
// feature's own fields (caseUpdated, draftChanged) lives with that feature instead.

/**
 * A change to one of the subscriber's cases (a vet's own, a specialist's assigned, any for admin), with the
 * case as it is now: every field the case lists show (consults, dashboard, specialist dashboard), so Apollo
 * updates a listed case from the event itself, and a list that still holds the same cases needs no refetch
 * (`caseListHolds` in lib/live/events.ts).
 */
export const myCasesChangedSubscription = graphql(`
  subscription MyCasesChanged {
    myCasesChanged {
      uuid
      status
      kind
      case {
        id
        uuid
        displayId
        title
        label
        isRevisit
        status
        statusLabel
        unreadMessages
        clinicalSigns
        specialty
        species
        breed
        age
        ageUnit
        createdAt
        acceptedAt
        reviewedAt
        updatedAt
        specialist {
          id
          name
        }
        vet {
          id
          name
          clinicName
        }
      }
    }
  }
`);

/** A case entered or left the specialist's Available Cases (approved specialists only). */
export const availableCasesChangedSubscription = graphql(`
  subscription AvailableCasesChanged {
    availableCasesChanged {
      uuid
      status
      kind
    }
  }
`);

/** The subscriber's dashboard stats, recomputed when one of their cases changes. */
export const dashboardStatsChangedSubscription = graphql(`
  subscription DashboardStatsChanged {
    dashboardStatsChanged {
      activeCount
      completedThisWeek
      pendingCount
      unreadMessages
    }
  }
`);

/** A specialist registered, was approved or was rejected (administrators only). */
export const pendingSpecialistsChangedSubscription = graphql(`
  subscription PendingSpecialistsChanged {
    pendingSpecialistsChanged {
      kind
      specialistId
    }
  }
`);

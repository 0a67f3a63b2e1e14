import { useQuery } from '@apollo/client/react';
import { monthOf, OPERATIONS_WEEKS_DEFAULT } from '@vetconsult/schema/operations-time';
import { graphql } from '../../../gql/gql';

// Issue 19: the administrator's operations dashboard, one query (the server runs the SQL aggregations).

const operationsReportQuery = graphql(`
  query OperationsReport($input: OperationsReportInput) {
    operationsReport(input: $input) {
      generatedAt
      month
      monthStart
      monthEnd
      weeks
      weeksFrom
      overdueNow
      casesPerWeek {
        weekStart
        specialty
        cases
      }
      durations {
        urgency
        accepted
        acceptMedianHours
        acceptP90Hours
        reviewed
        reviewMedianHours
        reviewP90Hours
      }
      onTimeByUrgency {
        urgency
        onTime
        late
        rate
      }
      onTimeBySpecialist {
        specialistId
        specialistName
        onTime
        late
        rate
      }
      revenue {
        currency
        province
        payments
        capturedAmount
        refundedAmount
        netAmount
        taxAmount
      }
    }
  }
`);

/** What the dashboard shows first: this month, and the default number of weeks. */
export const firstReportInput = () => ({ month: monthOf(new Date()), weeks: OPERATIONS_WEEKS_DEFAULT });

/**
 * Asks for the dashboard's first report at start, when the page is opened on /admin/operations (router.tsx
 * preloadScreen): beside the session check instead of after the frame and the route have rendered. The
 * dashboard's query then finds it in the cache (or joins the request still in flight: Apollo deduplicates
 * identical queries). A refusal (not signed in, not the administrator) is left to the dashboard to show.
 */
export async function prefetchOperationsReport(): Promise<void> {
  const { apolloClient } = await import('../../../lib/apollo-client');
  await apolloClient.query({ query: operationsReportQuery, variables: { input: firstReportInput() } });
}

export function useOperationsReport(input: { month: string; weeks: number }) {
  return useQuery(operationsReportQuery, { variables: { input }, fetchPolicy: 'cache-and-network' });
}

/** The REST twin's CSV of the same report (downloaded through lib/file-transfer.ts, rule 13). */
export const operationsCsvPath = (input: { month: string; weeks: number }) =>
  `/api/admin/operations.csv?${new URLSearchParams({ month: input.month, weeks: String(input.weeks) })}`;

import { useQuery } from '@apollo/client/react';
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

export function useOperationsReport(input: { month: string; weeks: number }) {
  return useQuery(operationsReportQuery, { variables: { input }, fetchPolicy: 'cache-and-network' });
}

/** The REST twin's CSV of the same report (downloaded through lib/file-transfer.ts, rule 13). */
export const operationsCsvPath = (input: { month: string; weeks: number }) =>
  `/api/admin/operations.csv?${new URLSearchParams({ month: input.month, weeks: String(input.weeks) })}`;

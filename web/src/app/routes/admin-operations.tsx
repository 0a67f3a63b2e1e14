import { PageHeader } from '../../components/ui/page-header';
import { AdminAccessNotice } from '../../features/admin/components/admin-access-notice';
import { OperationsDashboard } from '../../features/operations/components/operations-dashboard';

// /admin/operations (issue 19): how the service performs. The server answers only the administrator.

export default function AdminOperationsRoute() {
  return (
    <>
      <PageHeader title="Operations" subtitle="Cases, turnaround, on-time rates and revenue. Times are in UTC." />
      <AdminAccessNotice />
      <OperationsDashboard />
    </>
  );
}

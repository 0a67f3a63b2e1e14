import { PageHeader } from '../../components/ui/page-header';
import { AdminAccessNotice } from '../../features/admin/components/admin-access-notice';
import { AllUsers } from '../../features/admin/components/all-users';

// /admin/users (SPEC §2): the server answers only the administrator; others see its refusal.

export default function AdminUsersRoute() {
  return (
    <>
      <PageHeader title="Admin - All Users" subtitle="Every veterinarian and specialist account." />
      <AdminAccessNotice />
      <AllUsers />
    </>
  );
}

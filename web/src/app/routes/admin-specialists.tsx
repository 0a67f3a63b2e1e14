import { PageHeader } from '../../components/ui/page-header';
import { AdminAccessNotice } from '../../features/admin/components/admin-access-notice';
import { SpecialistManagement } from '../../features/admin/components/specialist-management';

// /admin/specialists (SPEC §2): the server answers only the administrator; others see its refusal.

export default function AdminSpecialistsRoute() {
  return (
    <>
      <PageHeader title="Specialist Management" subtitle="Review and approve specialist applications" />
      <AdminAccessNotice />
      <SpecialistManagement />
    </>
  );
}

import { PageHeader } from '../../components/ui/page-header';
import { AvailabilityManager } from '../../features/availability/components/availability-manager';
import { useAuth } from '../../lib/auth/auth-context';

// /availability (SPEC §2): specialists only; the route guard sends anyone else to /dashboard.

export default function AvailabilityRoute() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <>
      <PageHeader
        title="Availability"
        subtitle="Set the weekly hours when you can take consultations. Times are in your profile's time zone."
      />
      <AvailabilityManager specialistId={user.id} />
    </>
  );
}

import { ConversationActivity } from '../../features/case-conversation/components/conversation-activity';
import { OnboardingCard } from '../../features/onboarding/components/onboarding-card';
import { SpecialistDashboard } from '../../features/specialist-dashboard/components/specialist-dashboard';
import { useAuth } from '../../lib/auth/auth-context';

// /specialist-dashboard (SPEC §2): onboarding until completed, then the older specialist view.

export default function SpecialistDashboardRoute() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <SpecialistDashboard name={user.name} specialty={user.specialty ?? null}>
      <OnboardingCard />
      <ConversationActivity />
    </SpecialistDashboard>
  );
}

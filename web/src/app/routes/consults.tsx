import { PageHeader } from '../../components/ui/page-header';
import { ConversationActivity } from '../../features/case-conversation/components/conversation-activity';
import { AvailableCasesCard } from '../../features/consults/components/available-cases-card';
import { ConsultList } from '../../features/consults/components/consult-list';
import { NewConsultBanner } from '../../features/consults/components/new-consult-banner';
import { useAuth } from '../../lib/auth/auth-context';

// /consults (SPEC §2): the banner (veterinarians) or Available Cases (specialists), then the list.

export default function ConsultsRoute() {
  const { user } = useAuth();
  if (!user) return null;
  const isSpecialist = user.role === 'SPECIALIST';
  return (
    <>
      <PageHeader
        title="My Consults"
        subtitle="Follow every consultation from submission to the specialist's summary."
      />
      {user.role === 'VETERINARIAN' ? <NewConsultBanner /> : null}
      {isSpecialist ? <AvailableCasesCard specialty={user.specialty ?? null} approved={user.approved} /> : null}
      <ConsultList viewer={isSpecialist ? 'specialist' : 'vet'} />
      <ConversationActivity />
    </>
  );
}

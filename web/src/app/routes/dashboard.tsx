import { Link } from 'react-router-dom';
import { Icon } from '../../components/ui/icon';
import { PageHeader } from '../../components/ui/page-header';
import { ConversationActivity } from '../../features/case-conversation/components/conversation-activity';
import { DraftCases } from '../../features/dashboard/components/draft-cases';
import { RecentConsults } from '../../features/dashboard/components/recent-consults';
import { StatCards } from '../../features/dashboard/components/stat-cards';
import { OnboardingCard } from '../../features/onboarding/components/onboarding-card';
import { useAuth } from '../../lib/auth/auth-context';

// /dashboard (SPEC §2): onboarding until completed, stats, drafts (veterinarians) and recent consults.

export default function DashboardRoute() {
  const { user } = useAuth();
  if (!user) return null;
  const isVet = user.role === 'VETERINARIAN';
  return (
    <>
      <PageHeader
        title="Dashboard"
        subtitle={`Welcome back, ${user.name}.`}
        actions={
          isVet ? (
            <Link
              to="/consults/new"
              className="inline-flex items-center gap-2 rounded-lg bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-800 dark:bg-brand-500 dark:text-slate-950 dark:hover:bg-brand-400"
            >
              <Icon name="plus-solid" className="size-4" />
              New Consult
            </Link>
          ) : null
        }
      />
      <OnboardingCard />
      <ConversationActivity />
      <section aria-label="Statistics">
        <StatCards />
      </section>
      <div className={`mt-8 grid items-start gap-6 ${isVet ? 'lg:grid-cols-2' : ''}`}>
        {isVet ? <DraftCases /> : null}
        <RecentConsults canCreate={isVet} />
      </div>
    </>
  );
}

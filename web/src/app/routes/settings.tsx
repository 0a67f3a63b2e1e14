import { PageHeader } from '../../components/ui/page-header';
import { AccessTokensPanel } from '../../features/admin/components/access-tokens-panel';
import { SpecialistApprovalPanel } from '../../features/admin/components/specialist-approval-panel';
import { SettingsTabs } from '../../features/settings/components/settings-tabs';
import { useAuth } from '../../lib/auth/auth-context';

// /settings (SPEC §2): the Admin tab (Specialist Approval) only for the administrator (role ADMIN).

export default function SettingsRoute() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <>
      <PageHeader title="Settings" subtitle="Manage your account, password, notifications and API access." />
      <SettingsTabs
        user={user}
        adminPanel={
          user.role === 'ADMIN' ? (
            <div className="space-y-10">
              <SpecialistApprovalPanel />
              <AccessTokensPanel />
            </div>
          ) : undefined
        }
      />
    </>
  );
}

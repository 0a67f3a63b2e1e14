import { PageHeader } from '../../components/ui/page-header';
import { ProfileSettings } from '../../features/profile/components/profile-settings';
import { useAuth } from '../../lib/auth/auth-context';

// /profile (SPEC §2): 'Loading...' until the user is known.

export default function ProfileRoute() {
  const { user } = useAuth();
  return (
    <>
      <PageHeader title="Profile" subtitle="Your photo and the details veterinary teams see." />
      {user ? (
        <ProfileSettings user={user} />
      ) : (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          Loading...
        </p>
      )}
    </>
  );
}

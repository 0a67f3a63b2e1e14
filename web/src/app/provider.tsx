import type { ReactNode } from 'react';
import { Toaster } from '../components/ui/toaster';
import { AuthProvider } from '../lib/auth/auth-context';

/** The session and the toasts. The Apollo client's provider is not here: it loads with the screens that
 * use its hooks (lib/lazy-apollo.tsx), so that /auth's first download holds no Apollo. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <AuthProvider>
      {children}
      <Toaster />
    </AuthProvider>
  );
}

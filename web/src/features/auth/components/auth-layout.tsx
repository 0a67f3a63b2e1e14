import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { SiteFooter } from '../../../components/layout/site-footer';
import { Logo } from '../../../components/ui/logo';
import { ThemeSwitcher } from '../../../components/ui/theme-switcher';

// The signed-out pages (/auth and /reset-password/:token): logo and theme switch, a centred column,
// the footer.

interface AuthLayoutProps {
  /** The reset page links its logo back to sign in; /auth is that page already. */
  logoLinksToSignIn?: boolean;
  themeLabels: 'responsive' | 'hidden';
  children: ReactNode;
}

export function AuthLayout({ logoLinksToSignIn = false, themeLabels, children }: AuthLayoutProps) {
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-brand-50 via-slate-50 to-slate-50 dark:from-brand-950/60 dark:via-slate-950 dark:to-slate-950">
      <header className="mx-auto flex w-full max-w-6xl items-center justify-between gap-4 px-4 py-5 sm:px-6">
        {logoLinksToSignIn ? (
          <Link to="/auth" className="rounded-lg" aria-label="VetConsult sign in">
            <Logo />
          </Link>
        ) : (
          <Logo />
        )}
        <ThemeSwitcher labels={themeLabels} />
      </header>
      <main id="main" className="flex flex-1 flex-col items-center px-4 pt-6 pb-16 sm:pt-10">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

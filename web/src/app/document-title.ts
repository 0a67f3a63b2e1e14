import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

// Default page titles by path (SPEC §2).

export const PRODUCT_NAME = 'VetConsult';

export function titleForPath(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/dashboard') return 'Dashboard';
  if (path === '/consults') return 'My Consults';
  if (path === '/availability') return 'Availability';
  if (path === '/settings') return 'Settings';
  if (path.startsWith('/consults/')) return 'Case Details';
  return PRODUCT_NAME;
}

export function useDocumentTitle(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = titleForPath(pathname);
  }, [pathname]);
}

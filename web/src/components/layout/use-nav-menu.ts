import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * The open state of a frame's small-screen menu. Any navigation (a link, the back button) closes it, but
 * not one that had already begun when the menu was opened: React Router commits a new location in a
 * transition, once the next page's code has arrived, so on a slow network a menu opened meanwhile would
 * otherwise close under the user's finger when that page comes.
 */
export function useNavMenu(): readonly [boolean, (open: boolean) => void] {
  const location = useLocation();
  const [open, setOpenState] = useState(false);
  /** The address the browser showed when the menu was opened (already the next one while it loads). */
  const openedOn = useRef<string | null>(null);
  const setOpen = useCallback((next: boolean) => {
    if (next) openedOn.current = window.location.pathname;
    setOpenState(next);
  }, []);
  useEffect(() => {
    if (openedOn.current !== location.pathname) setOpenState(false);
  }, [location.pathname]);
  return [open, setOpen] as const;
}

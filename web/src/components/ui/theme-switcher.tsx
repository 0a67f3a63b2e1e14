import { type Theme, useTheme } from '../../lib/theme';

const OPTIONS: { value: Theme; label: string; icon: string }[] = [
  {
    value: 'light',
    label: 'Light',
    icon: 'M12 3v2.25m6.364.386-1.591 1.591M21 12h-2.25m-.386 6.364-1.591-1.591M12 18.75V21m-4.773-4.227-1.591 1.591M5.25 12H3m4.227-4.773L5.636 5.636M15.75 12a3.75 3.75 0 1 1-7.5 0 3.75 3.75 0 0 1 7.5 0Z',
  },
  {
    value: 'dark',
    label: 'Dark',
    icon: 'M21.752 15.002A9.72 9.72 0 0 1 18 15.75c-5.385 0-9.75-4.365-9.75-9.75 0-1.33.266-2.597.748-3.752A9.753 9.753 0 0 0 3 11.25C3 16.635 7.365 21 12.75 21a9.753 9.753 0 0 0 9.002-5.998Z',
  },
  {
    value: 'system',
    label: 'System',
    icon: 'M9 17.25v1.007a3 3 0 0 1-.879 2.122L7.5 21h9l-.621-.621A3 3 0 0 1 15 18.257V17.25m6-12V15a2.25 2.25 0 0 1-2.25 2.25H5.25A2.25 2.25 0 0 1 3 15V5.25m18 0A2.25 2.25 0 0 0 18.75 3H5.25A2.25 2.25 0 0 0 3 5.25m18 0V12a2.25 2.25 0 0 1-2.25 2.25H5.25A2.25 2.25 0 0 1 3 12V5.25',
  },
];

const LABEL_CLASS = { visible: '', hidden: 'sr-only', responsive: 'sr-only sm:not-sr-only' } as const;

/**
 * Light / Dark / System as a radio group. `labels` hides the words visually (screen readers keep
 * them): always, or only on narrow screens.
 */
export function ThemeSwitcher({ labels = 'visible' }: { labels?: keyof typeof LABEL_CLASS }) {
  const compact = labels !== 'visible';
  const { theme, setTheme } = useTheme();
  return (
    <fieldset className="inline-flex rounded-lg border border-slate-200 bg-white p-0.5 shadow-sm dark:border-slate-700 dark:bg-slate-900">
      <legend className="sr-only">Theme</legend>
      {OPTIONS.map((option) => (
        <label
          key={option.value}
          title={compact ? option.label : undefined}
          className="relative flex cursor-pointer items-center gap-1.5 rounded-md px-2.5 py-1.5 text-xs font-medium text-slate-600 transition-colors hover:text-slate-900 has-checked:bg-brand-50 has-checked:text-brand-800 has-focus-visible:outline-2 has-focus-visible:outline-brand-600 dark:text-slate-300 dark:hover:text-white dark:has-checked:bg-brand-950 dark:has-checked:text-brand-200"
        >
          <input
            type="radio"
            name="theme"
            value={option.value}
            checked={theme === option.value}
            onChange={() => setTheme(option.value)}
            className="sr-only"
          />
          <svg
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
            strokeLinecap="round"
            strokeLinejoin="round"
            className="size-4"
            aria-hidden="true"
          >
            <path d={option.icon} />
          </svg>
          <span className={LABEL_CLASS[labels]}>{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}

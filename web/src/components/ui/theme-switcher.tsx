import { useId } from 'react';
import { type Theme, useTheme } from '../../lib/theme';
import { Icon, type IconName } from './icon';

const OPTIONS: { value: Theme; label: string; icon: IconName }[] = [
  {
    value: 'light',
    label: 'Light',
    icon: 'sun',
  },
  {
    value: 'dark',
    label: 'Dark',
    icon: 'moon',
  },
  {
    value: 'system',
    label: 'System',
    icon: 'computer-desktop',
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
  // Each switcher its own radio group: the sidebar frame renders one in the sidebar and one in its
  // mobile menu, and radios sharing a name would uncheck each other.
  const name = useId();
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
            name={name}
            value={option.value}
            checked={theme === option.value}
            onChange={() => setTheme(option.value)}
            className="sr-only"
          />
          <Icon name={option.icon} className="size-4" />
          <span className={LABEL_CLASS[labels]}>{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}

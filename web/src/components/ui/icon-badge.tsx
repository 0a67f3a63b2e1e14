import { Icon, type IconName } from './icon';

// An icon in a tinted circle: the mark above a confirmation, an empty list or a warning.

const TONES = {
  brand: 'bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300',
  emerald: 'bg-emerald-50 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300',
  red: 'bg-red-50 text-red-700 dark:bg-red-950 dark:text-red-300',
} as const;

const SIZES = {
  md: { circle: 'size-12', icon: 'size-6' },
  sm: { circle: 'size-10', icon: 'size-5' },
} as const;

interface IconBadgeProps {
  icon: IconName;
  tone: keyof typeof TONES;
  size?: keyof typeof SIZES;
  /** Placement only, e.g. 'mx-auto' or 'mb-3'. */
  className?: string;
}

export function IconBadge({ icon, tone, size = 'md', className = '' }: IconBadgeProps) {
  return (
    <span className={`flex ${SIZES[size].circle} items-center justify-center rounded-full ${TONES[tone]} ${className}`}>
      <Icon name={icon} className={SIZES[size].icon} />
    </span>
  );
}

import { sortSlots } from '@vetconsult/schema/availability';
import { Icon } from '../../../components/ui/icon';
import { Spinner } from '../../../components/ui/spinner';
import type { ExistingSlot } from '../hooks/use-availability-actions';
import { formatDuration, formatRange, isAllDay } from './time-of-day';

interface SlotListProps {
  slots: readonly ExistingSlot[];
  /** Names the day for screen readers, e.g. 'Monday'. */
  dayLabel: string;
  removingId: number | null;
  onRemove(id: number): void;
}

/** The slots of one weekday, sorted by start time, each with its length and a delete button. */
export function SlotList({ slots, dayLabel, removingId, onRemove }: SlotListProps) {
  return (
    <ul aria-label={`${dayLabel} time slots`} className="space-y-2">
      {sortSlots(slots).map((slot) => {
        const range = isAllDay(slot) ? 'All day' : formatRange(slot);
        const removing = removingId === slot.id;
        return (
          <li
            key={slot.id}
            className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-xs dark:border-slate-700 dark:bg-slate-900"
          >
            <span
              aria-hidden="true"
              className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300"
            >
              <Icon name="clock" className="size-5" />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block text-sm font-semibold text-slate-900 dark:text-white">{range}</span>
              <span className="block text-xs text-slate-500 dark:text-slate-400">{formatDuration(slot)}</span>
            </span>
            <button
              type="button"
              onClick={() => onRemove(slot.id)}
              disabled={removing}
              aria-label={`Delete ${range} on ${dayLabel}`}
              className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-500 transition-colors hover:bg-red-50 hover:text-red-700 disabled:opacity-60 dark:text-slate-400 dark:hover:bg-red-950 dark:hover:text-red-300"
            >
              {removing ? <Spinner className="size-4" /> : <Icon name="trash" className="size-5" />}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

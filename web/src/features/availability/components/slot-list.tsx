import { sortSlots } from '@vetconsult/schema/availability';
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
              <svg
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                className="size-5"
                aria-hidden="true"
              >
                <path
                  strokeLinecap="round"
                  strokeLinejoin="round"
                  d="M12 6v6h4.5m4.5 0a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z"
                />
              </svg>
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
              {removing ? (
                <Spinner className="size-4" />
              ) : (
                <svg
                  viewBox="0 0 24 24"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  className="size-5"
                  aria-hidden="true"
                >
                  <path
                    strokeLinecap="round"
                    strokeLinejoin="round"
                    d="m14.74 9-.346 9m-4.788 0L9.26 9m9.968-3.21c.342.052.682.107 1.022.166m-1.022-.165L18.16 19.673a2.25 2.25 0 0 1-2.244 2.077H8.084a2.25 2.25 0 0 1-2.244-2.077L4.772 5.79m14.456 0a48.108 48.108 0 0 0-3.478-.397m-12 .562c.34-.059.68-.114 1.022-.165m0 0a48.11 48.11 0 0 1 3.478-.397m7.5 0v-.916c0-1.18-.91-2.164-2.09-2.201a51.964 51.964 0 0 0-3.32 0c-1.18.037-2.09 1.022-2.09 2.201v.916m7.5 0a48.667 48.667 0 0 0-7.5 0"
                  />
                </svg>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

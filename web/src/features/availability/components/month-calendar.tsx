import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Icon } from '../../../components/ui/icon';
import { WEEKDAYS, WEEKDAYS_SHORT } from './time-of-day';

// A small month calendar for the Calendar View: a grid of day buttons with one tab stop (arrow keys
// move by day and week, PageUp/PageDown by month, Home/End to the week's ends), month navigation,
// and a dot on the weekdays that have availability.

const MONTH_FORMAT = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });
const DAY_LABEL_FORMAT = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});

function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

function addMonths(date: Date, months: number): Date {
  const target = new Date(date.getFullYear(), date.getMonth() + months, 1);
  const lastDay = new Date(target.getFullYear(), target.getMonth() + 1, 0).getDate();
  return new Date(target.getFullYear(), target.getMonth(), Math.min(date.getDate(), lastDay));
}

/** The 6 x 7 days shown for the month of `month`, starting on Sunday. */
function monthGrid(month: Date): Date[][] {
  const first = new Date(month.getFullYear(), month.getMonth(), 1);
  const start = addDays(first, -first.getDay());
  return Array.from({ length: 6 }, (_, week) => Array.from({ length: 7 }, (_, day) => addDays(start, week * 7 + day)));
}

interface MonthCalendarProps {
  selected: Date | null;
  onSelect(date: Date): void;
  /** Weekdays (0-6) that have at least one slot. */
  markedWeekdays: ReadonlySet<number>;
}

export function MonthCalendar({ selected, onSelect, markedWeekdays }: MonthCalendarProps) {
  const today = new Date();
  const [focused, setFocused] = useState<Date>(selected ?? today);
  const [shouldFocus, setShouldFocus] = useState(false);
  const grid = monthGrid(focused);
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  useEffect(() => {
    if (!shouldFocus) return;
    buttons.current.get(focused.toDateString())?.focus();
    setShouldFocus(false);
  }, [focused, shouldFocus]);

  const moveFocus = (next: Date) => {
    setFocused(next);
    setShouldFocus(true);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const moves: Record<string, () => Date> = {
      ArrowLeft: () => addDays(focused, -1),
      ArrowRight: () => addDays(focused, 1),
      ArrowUp: () => addDays(focused, -7),
      ArrowDown: () => addDays(focused, 7),
      Home: () => addDays(focused, -focused.getDay()),
      End: () => addDays(focused, 6 - focused.getDay()),
      PageUp: () => addMonths(focused, -1),
      PageDown: () => addMonths(focused, 1),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    moveFocus(move());
  };

  const navButton =
    'inline-flex size-9 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white';

  return (
    <div className="w-full max-w-sm">
      <div className="mb-3 flex items-center justify-between">
        <button type="button" className={navButton} onClick={() => setFocused(addMonths(focused, -1))}>
          <span className="sr-only">Previous month</span>
          <Icon name="chevron-left-solid" className="size-5" />
        </button>
        <h3 aria-live="polite" className="text-sm font-semibold text-slate-900 dark:text-white">
          {MONTH_FORMAT.format(focused)}
        </h3>
        <button type="button" className={navButton} onClick={() => setFocused(addMonths(focused, 1))}>
          <span className="sr-only">Next month</span>
          <Icon name="chevron-right-solid" className="size-5" />
        </button>
      </div>
      <table aria-label={MONTH_FORMAT.format(focused)} className="w-full border-collapse">
        <thead>
          <tr>
            {WEEKDAYS_SHORT.map((short, index) => (
              <th
                key={short}
                scope="col"
                abbr={WEEKDAYS[index]}
                className="pb-2 text-center text-xs font-medium text-slate-500 dark:text-slate-400"
              >
                {short.slice(0, 2)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {grid.map((week) => (
            <tr key={week[0]?.toDateString()}>
              {week.map((date) => {
                const inMonth = date.getMonth() === focused.getMonth();
                const isSelected = selected ? sameDay(date, selected) : false;
                const isToday = sameDay(date, today);
                const isFocusTarget = sameDay(date, focused);
                const marked = markedWeekdays.has(date.getDay());
                return (
                  <td key={date.toDateString()} className="p-0 text-center sm:p-0.5">
                    <button
                      type="button"
                      ref={(element) => {
                        if (element) buttons.current.set(date.toDateString(), element);
                        else buttons.current.delete(date.toDateString());
                      }}
                      tabIndex={isFocusTarget ? 0 : -1}
                      aria-label={`${DAY_LABEL_FORMAT.format(date)}${marked ? ', has availability' : ''}`}
                      aria-pressed={isSelected}
                      aria-current={isToday ? 'date' : undefined}
                      onKeyDown={onKeyDown}
                      onClick={() => {
                        setFocused(date);
                        onSelect(date);
                      }}
                      className={`relative mx-auto flex size-9 flex-col sm:size-10 items-center justify-center rounded-lg text-sm transition-colors ${
                        isSelected
                          ? 'bg-brand-700 font-semibold text-white dark:bg-brand-500 dark:text-slate-950'
                          : inMonth
                            ? 'text-slate-900 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800'
                            : 'text-slate-500 hover:bg-slate-100 dark:text-slate-400 dark:hover:bg-slate-800'
                      } ${isToday && !isSelected ? 'ring-1 ring-brand-600 ring-inset dark:ring-brand-400' : ''}`}
                    >
                      {date.getDate()}
                      {marked ? (
                        <span
                          aria-hidden="true"
                          className={`absolute bottom-1 size-1 rounded-full ${isSelected ? 'bg-white dark:bg-slate-950' : 'bg-brand-600 dark:bg-brand-400'}`}
                        />
                      ) : null}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

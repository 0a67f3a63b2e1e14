import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { SELECT_DATE_MESSAGE, type WeeklySlot } from '@vetconsult/schema/availability';
import { type FormEvent, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Icon } from '../../../components/ui/icon';
import { toast } from '../../../lib/toasts';
import type { ExistingSlot } from '../hooks/use-availability-actions';
import { MonthCalendar } from './month-calendar';
import { SlotList } from './slot-list';
import { CALENDAR_TIME_OPTIONS, DEFAULT_END, DEFAULT_START, WEEKDAYS } from './time-of-day';
import { TimeSelect } from './time-select';

// SPEC §2 /availability, Calendar View: the slots of the chosen date's weekday, a popover to add one
// (15-minute steps from 00:00 to 23:45, default 09:00-17:00) and a delete button per slot.

const SELECTED_FORMAT = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric' });

interface CalendarViewProps {
  slots: readonly ExistingSlot[];
  adding: boolean;
  removingId: number | null;
  addSlot(slot: WeeklySlot, successTitle: string): Promise<string | null>;
  removeSlot(id: number): void;
}

export function CalendarView({ slots, adding, removingId, addSlot, removeSlot }: CalendarViewProps) {
  const [selected, setSelected] = useState<Date | null>(() => new Date());
  const [startTime, setStartTime] = useState(DEFAULT_START);
  const [endTime, setEndTime] = useState(DEFAULT_END);
  const [problem, setProblem] = useState<string | null>(null);

  const markedWeekdays = useMemo(() => new Set(slots.map((slot) => slot.dayOfWeek)), [slots]);
  const dayOfWeek = selected?.getDay() ?? null;
  const daySlots = dayOfWeek === null ? [] : slots.filter((slot) => slot.dayOfWeek === dayOfWeek);
  const dayName = dayOfWeek === null ? '' : (WEEKDAYS[dayOfWeek] ?? '');
  const count = daySlots.length;

  const onAdd = async (event: FormEvent, close: () => void) => {
    event.preventDefault();
    if (dayOfWeek === null) {
      toast({ title: 'Error', description: SELECT_DATE_MESSAGE, variant: 'destructive' });
      setProblem(SELECT_DATE_MESSAGE);
      return;
    }
    const outcome = await addSlot({ dayOfWeek, startTime, endTime }, 'Availability added');
    setProblem(outcome);
    if (outcome === null) {
      setStartTime(DEFAULT_START);
      setEndTime(DEFAULT_END);
      close();
    }
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[auto_1fr]">
      <Card className="flex justify-center p-3 sm:p-5">
        <MonthCalendar selected={selected} onSelect={setSelected} markedWeekdays={markedWeekdays} />
      </Card>
      <Card className="p-5 sm:p-6">
        <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
          <div>
            <h3 className="text-base font-semibold text-slate-900 dark:text-white">
              {selected ? SELECTED_FORMAT.format(selected) : 'Select a date'}
            </h3>
            {/* With no slot, the empty box below says 'No availability set': no "0 time slots" beside it. */}
            {!selected || count > 0 ? (
              <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400" data-testid="slot-count">
                {selected
                  ? `${count} time slot${count === 1 ? '' : 's'} currently set`
                  : 'Pick a date to see the availability of that weekday.'}
              </p>
            ) : null}
          </div>
          <Popover className="relative">
            <PopoverButton className="inline-flex items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-brand-800 focus:outline-none data-focus:outline-2 data-focus:outline-offset-2 data-focus:outline-brand-600 dark:bg-brand-500 dark:text-slate-950 dark:hover:bg-brand-400">
              <Icon name="plus-solid" className="size-4" />
              Add Time Slot
            </PopoverButton>
            <PopoverPanel
              anchor={{ to: 'bottom end', gap: 8, padding: 16 }}
              className="z-40 w-72 rounded-2xl border border-slate-200 bg-white p-4 shadow-xl dark:border-slate-700 dark:bg-slate-900"
            >
              {({ close }) => (
                <form onSubmit={(event) => void onAdd(event, close)} aria-label="Add time slot" className="space-y-3">
                  <p className="text-sm font-semibold text-slate-900 dark:text-white">
                    {dayName ? `New slot for ${dayName}s` : 'New time slot'}
                  </p>
                  <TimeSelect
                    label="Start time"
                    value={startTime}
                    options={CALENDAR_TIME_OPTIONS}
                    onChange={setStartTime}
                  />
                  <TimeSelect label="End time" value={endTime} options={CALENDAR_TIME_OPTIONS} onChange={setEndTime} />
                  {problem ? (
                    <p role="alert" className="text-sm text-red-700 dark:text-red-300">
                      {problem}
                    </p>
                  ) : null}
                  <div className="flex justify-end gap-2 pt-1">
                    <Button
                      variant="secondary"
                      onClick={() => {
                        setProblem(null);
                        close();
                      }}
                      disabled={adding}
                    >
                      Cancel
                    </Button>
                    <Button type="submit" busy={adding}>
                      Add Slot
                    </Button>
                  </div>
                </form>
              )}
            </PopoverPanel>
          </Popover>
        </div>
        {count > 0 ? (
          <SlotList slots={daySlots} dayLabel={dayName} removingId={removingId} onRemove={removeSlot} />
        ) : (
          <div className="rounded-xl border border-dashed border-slate-300 px-6 py-10 text-center dark:border-slate-700">
            <p className="text-sm font-medium text-slate-700 dark:text-slate-200">No availability set</p>
            <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
              Tap "Add Time Slot" to set your availability
            </p>
          </div>
        )}
      </Card>
    </div>
  );
}

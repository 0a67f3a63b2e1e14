import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import type { WeeklySlot } from '@vetconsult/schema/availability';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Icon } from '../../../components/ui/icon';
import type { ExistingSlot } from '../hooks/use-availability-actions';
import { AddAvailabilityDialog } from './add-availability-dialog';
import { SlotList } from './slot-list';
import { WEEKDAYS, WEEKDAYS_SHORT } from './time-of-day';

// SPEC §2 /availability, Weekly Schedule: seven day tabs (default Monday, index 1), a dot on days with
// slots, the Add Availability dialog, and on small screens two quick buttons for the selected day.

const QUICK_SLOTS = [
  { label: '9AM-5PM', startTime: '09:00', endTime: '17:00' },
  { label: '8AM-6PM', startTime: '08:00', endTime: '18:00' },
] as const;

interface WeeklyScheduleProps {
  slots: readonly ExistingSlot[];
  adding: boolean;
  removingId: number | null;
  addSlot(slot: WeeklySlot, successTitle: string): Promise<string | null>;
  removeSlot(id: number): void;
}

export function WeeklySchedule({ slots, adding, removingId, addSlot, removeSlot }: WeeklyScheduleProps) {
  const [day, setDay] = useState(1);
  const [dialogOpen, setDialogOpen] = useState(false);

  const add = (slot: WeeklySlot) => addSlot(slot, `Availability added for ${WEEKDAYS[slot.dayOfWeek]}`);

  return (
    <div>
      <TabGroup selectedIndex={day} onChange={setDay}>
        <TabList
          aria-label="Day of the week"
          className="grid grid-cols-7 gap-1 rounded-xl bg-slate-100 p-1 dark:bg-slate-800"
        >
          {WEEKDAYS.map((name, index) => {
            const hasSlots = slots.some((slot) => slot.dayOfWeek === index);
            return (
              <Tab
                key={name}
                className="relative flex flex-col items-center gap-1 rounded-lg px-1 py-2 text-xs font-medium text-slate-600 transition-colors hover:text-slate-900 focus:outline-none data-focus:outline-2 data-focus:outline-brand-600 data-selected:bg-white data-selected:text-brand-800 data-selected:shadow-sm sm:text-sm dark:text-slate-300 dark:hover:text-white dark:data-selected:bg-slate-950 dark:data-selected:text-brand-200"
              >
                <span className="sm:hidden">{WEEKDAYS_SHORT[index]}</span>
                <span className="hidden sm:inline">{name}</span>
                <span
                  aria-hidden="true"
                  data-testid={hasSlots ? `day-dot-${index}` : undefined}
                  className={`size-1.5 rounded-full ${hasSlots ? 'bg-brand-600 dark:bg-brand-400' : 'bg-transparent'}`}
                />
                {hasSlots ? <span className="sr-only">(has availability)</span> : null}
              </Tab>
            );
          })}
        </TabList>
        <TabPanels className="mt-5">
          {WEEKDAYS.map((name, index) => {
            const daySlots = slots.filter((slot) => slot.dayOfWeek === index);
            return (
              <TabPanel key={name} className="focus:outline-none" unmount>
                <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
                  <h3 className="text-base font-semibold text-slate-900 dark:text-white">{name}</h3>
                  <Button onClick={() => setDialogOpen(true)}>
                    <Icon name="plus-solid" className="size-4" />
                    Add Availability
                  </Button>
                </div>
                <div className="mb-4 grid grid-cols-2 gap-2 sm:hidden">
                  {QUICK_SLOTS.map((quick) => (
                    <Button
                      key={quick.label}
                      variant="secondary"
                      disabled={adding}
                      onClick={() => void add({ dayOfWeek: index, startTime: quick.startTime, endTime: quick.endTime })}
                    >
                      {quick.label}
                    </Button>
                  ))}
                </div>
                {daySlots.length > 0 ? (
                  <SlotList slots={daySlots} dayLabel={name} removingId={removingId} onRemove={removeSlot} />
                ) : (
                  <EmptyState title={`No availability set for ${name}`}>
                    Add a time slot to let veterinarians know when you can take consultations.
                  </EmptyState>
                )}
              </TabPanel>
            );
          })}
        </TabPanels>
      </TabGroup>
      <AddAvailabilityDialog
        open={dialogOpen}
        day={day}
        busy={adding}
        onClose={() => setDialogOpen(false)}
        onAdd={add}
      />
    </div>
  );
}

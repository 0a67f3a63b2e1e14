import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useState } from 'react';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorState, LoadingState } from '../../../components/ui/empty-state';
import { Icon } from '../../../components/ui/icon';
import { useAvailabilitySlots } from '../api/availability-slots';
import { type ExistingSlot, useAvailabilityActions } from '../hooks/use-availability-actions';
import { CalendarView } from './calendar-view';
import { formatRange, isAllDay, WEEKDAYS } from './time-of-day';
import { WeeklySchedule } from './weekly-schedule';

// SPEC §2 /availability: two views of the same weekly slots, Weekly Schedule (default) and Calendar View.

const VIEW_TAB =
  'inline-flex min-w-0 flex-1 items-center justify-center gap-2 whitespace-nowrap rounded-lg px-2 py-2 text-sm sm:flex-none sm:px-4 font-medium text-slate-600 transition-colors hover:text-slate-900 focus:outline-none data-focus:outline-2 data-focus:outline-brand-600 data-selected:bg-white data-selected:text-slate-900 data-selected:shadow-sm dark:text-slate-300 dark:hover:text-white dark:data-selected:bg-slate-950 dark:data-selected:text-white';

export function AvailabilityManager({ specialistId }: { specialistId: number }) {
  const query = useAvailabilitySlots(specialistId);
  const slots = query.data?.availability ?? [];
  const actions = useAvailabilityActions(specialistId, slots);
  // A slot is removed only after the app's one confirmation dialog (issue 22 item 9).
  const [removing, setRemoving] = useState<ExistingSlot | null>(null);

  if (query.loading && !query.data) return <LoadingState label="Loading availability..." />;
  if (query.error && !query.data) {
    return (
      <ErrorState
        title="Failed to fetch availability"
        detail={query.error.message}
        onRetry={() => void query.refetch()}
      />
    );
  }

  const viewProps = {
    slots,
    adding: actions.adding,
    removingId: actions.removingId,
    addSlot: actions.addSlot,
    removeSlot: (id: number) => setRemoving(slots.find((slot) => slot.id === id) ?? null),
  };
  const confirmRemove = async () => {
    if (!removing) return;
    // On failure the question stays open (the toast says why), so the specialist may retry or cancel.
    if (await actions.removeSlot(removing.id)) setRemoving(null);
  };

  return (
    <TabGroup>
      <TabList
        aria-label="Availability view"
        className="mb-6 flex gap-1 rounded-xl bg-slate-100 p-1 sm:inline-flex dark:bg-slate-800"
      >
        <Tab className={VIEW_TAB}>
          <Icon name="bars-3" className="hidden size-4 sm:block" />
          Weekly Schedule
        </Tab>
        <Tab className={VIEW_TAB}>
          <Icon name="calendar" className="hidden size-4 sm:block" />
          Calendar View
        </Tab>
      </TabList>
      <TabPanels>
        <TabPanel className="focus:outline-none">
          <Card className="p-4 sm:p-6">
            <WeeklySchedule {...viewProps} />
          </Card>
        </TabPanel>
        <TabPanel className="focus:outline-none">
          <CalendarView {...viewProps} />
        </TabPanel>
      </TabPanels>
      <ConfirmDialog
        open={removing !== null}
        title="Remove time slot"
        confirmLabel="Remove"
        icon="exclamation-triangle"
        busy={removing !== null && actions.removingId === removing.id}
        onCancel={() => setRemoving(null)}
        onConfirm={() => void confirmRemove()}
      >
        {removing
          ? `Remove ${isAllDay(removing) ? 'the all-day slot' : formatRange(removing)} on ${WEEKDAYS[removing.dayOfWeek]}s? Veterinarians will no longer see this time.`
          : null}
      </ConfirmDialog>
    </TabGroup>
  );
}

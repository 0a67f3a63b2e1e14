import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { Card } from '../../../components/ui/card';
import { ErrorState, LoadingState } from '../../../components/ui/empty-state';
import { useAvailabilitySlots } from '../api/availability-slots';
import { useAvailabilityActions } from '../hooks/use-availability-actions';
import { CalendarView } from './calendar-view';
import { WeeklySchedule } from './weekly-schedule';

// SPEC §2 /availability: two views of the same weekly slots, Weekly Schedule (default) and Calendar View.

const VIEW_TAB =
  'inline-flex flex-1 items-center justify-center gap-2 whitespace-nowrap rounded-lg px-3 py-2 text-sm sm:flex-none sm:px-4 font-medium text-slate-600 transition-colors hover:text-slate-900 focus:outline-none data-focus:outline-2 data-focus:outline-brand-600 data-selected:bg-white data-selected:text-slate-900 data-selected:shadow-sm dark:text-slate-300 dark:hover:text-white dark:data-selected:bg-slate-950 dark:data-selected:text-white';

export function AvailabilityManager({ specialistId }: { specialistId: number }) {
  const query = useAvailabilitySlots(specialistId);
  const slots = query.data?.availability ?? [];
  const actions = useAvailabilityActions(specialistId, slots);

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
    removeSlot: (id: number) => void actions.removeSlot(id),
  };

  return (
    <TabGroup>
      <TabList
        aria-label="Availability view"
        className="mb-6 flex gap-1 rounded-xl bg-slate-100 p-1 sm:inline-flex dark:bg-slate-800"
      >
        <Tab className={VIEW_TAB}>
          <svg
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            className="size-4"
            aria-hidden="true"
          >
            <path strokeLinecap="round" strokeLinejoin="round" d="M3.75 6.75h16.5M3.75 12h16.5m-16.5 5.25h16.5" />
          </svg>
          Weekly Schedule
        </Tab>
        <Tab className={VIEW_TAB}>
          <svg
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            className="size-4"
            aria-hidden="true"
          >
            <path
              strokeLinecap="round"
              strokeLinejoin="round"
              d="M6.75 3v2.25M17.25 3v2.25M3 18.75V7.5a2.25 2.25 0 0 1 2.25-2.25h13.5A2.25 2.25 0 0 1 21 7.5v11.25m-18 0A2.25 2.25 0 0 0 5.25 21h13.5A2.25 2.25 0 0 0 21 18.75m-18 0v-7.5A2.25 2.25 0 0 1 5.25 9h13.5A2.25 2.25 0 0 1 21 11.25v7.5"
            />
          </svg>
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
    </TabGroup>
  );
}

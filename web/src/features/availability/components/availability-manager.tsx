import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { Card } from '../../../components/ui/card';
import { ErrorState, LoadingState } from '../../../components/ui/empty-state';
import { Icon } from '../../../components/ui/icon';
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
          <Icon name="bars-3" className="size-4" />
          Weekly Schedule
        </Tab>
        <Tab className={VIEW_TAB}>
          <Icon name="calendar" className="size-4" />
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

import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { Link } from 'react-router-dom';
import { Icon } from '../../../components/ui/icon';
import { Spinner } from '../../../components/ui/spinner';
import type { MyNotificationsQuery } from '../../../gql/graphql';
import { formatRelativeTime } from '../../../lib/case-display';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';
import { useMyNotifications } from '../api/my-notifications';

// The bell of both signed-in frames (issue 14): the unread count on the button, and a panel with the
// newest notifications, newest first. Clicking one marks it read and opens its case; "Mark all read"
// marks every one of mine. The frames load this module lazily (app/router.tsx): the popover's
// floating-panel code is not part of a signed-in page's first load.

type Item = MyNotificationsQuery['myNotifications']['items'][number];

/** "Notifications, 3 unread", or "Notifications" when nothing is unread. */
export function bellLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
}

const ITEM =
  'flex w-full items-start gap-3 rounded-xl px-3 py-2.5 text-left hover:bg-slate-100 focus:outline-none focus-visible:outline-2 focus-visible:outline-brand-600 dark:hover:bg-slate-800';

function NotificationRow({ item, onOpen }: { item: Item; onOpen: () => void }) {
  const unread = item.readAt === null || item.readAt === undefined;
  const body = (
    <>
      <span
        aria-hidden="true"
        className={`mt-1.5 size-2 shrink-0 rounded-full ${unread ? 'bg-brand-600 dark:bg-brand-400' : 'bg-transparent'}`}
      />
      <span className="min-w-0 flex-1">
        {unread ? <span className="sr-only">Unread: </span> : null}
        <span
          className={`block text-sm ${
            unread ? 'font-semibold text-slate-900 dark:text-white' : 'text-slate-700 dark:text-slate-300'
          }`}
        >
          {item.text}
        </span>
        <span className="mt-0.5 block text-xs text-slate-600 dark:text-slate-400">
          <time dateTime={String(item.createdAt)}>{formatRelativeTime(item.createdAt)}</time>
        </span>
      </span>
    </>
  );
  return item.caseUuid ? (
    <Link to={`/consults/${item.caseUuid}`} className={ITEM} onClick={onOpen} data-unread={unread || undefined}>
      {body}
    </Link>
  ) : (
    <button type="button" className={ITEM} onClick={onOpen} data-unread={unread || undefined}>
      {body}
    </button>
  );
}

export default function NotificationBell() {
  const { data, loading, error, refetch } = useMyNotifications();
  const [markRead, marking] = useMarkNotificationsRead();
  const page = data?.myNotifications;
  const unread = page?.unreadCount ?? 0;

  return (
    <Popover className="relative">
      <PopoverButton
        aria-label={bellLabel(unread)}
        title={bellLabel(unread)}
        data-testid="notification-bell"
        className="relative inline-flex items-center justify-center rounded-lg p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus:outline-none data-focus:outline-2 data-focus:outline-brand-600 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
      >
        <Icon name="bell" className="size-6" />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            data-testid="notification-count"
            className="absolute -top-0.5 -right-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1 py-0.5 text-[0.6875rem] leading-none font-semibold text-white ring-2 ring-white dark:bg-red-500 dark:ring-slate-950"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </PopoverButton>
      <PopoverPanel
        anchor={{ to: 'bottom end', gap: 8, padding: 12 }}
        focus
        role="dialog"
        className="z-50 flex max-h-[min(32rem,calc(100vh-6rem))] w-[22rem] max-w-[calc(100vw-1.5rem)] flex-col rounded-2xl border border-slate-200 bg-white shadow-xl dark:border-slate-700 dark:bg-slate-900"
        aria-label="Notifications"
      >
        {({ close }) => (
          <>
            <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
              <h2 className="text-sm font-semibold text-slate-900 dark:text-white">Notifications</h2>
              {unread > 0 ? (
                <button
                  type="button"
                  disabled={marking.loading}
                  onClick={() => void markRead().catch(() => undefined)}
                  className="rounded-lg px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 disabled:opacity-60 dark:text-brand-300 dark:hover:bg-brand-950"
                >
                  Mark all read
                </button>
              ) : null}
            </div>
            <div className="min-h-0 flex-1 overflow-y-auto p-2">
              {page ? (
                page.items.length === 0 ? (
                  <div className="px-3 py-8 text-center">
                    <Icon name="check-circle" className="mx-auto size-8 text-brand-600 dark:text-brand-400" />
                    <p className="mt-2 text-sm font-semibold text-slate-900 dark:text-white">You're all caught up.</p>
                    <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                      New cases and updates on your consults will show here.
                    </p>
                  </div>
                ) : (
                  <ul className="space-y-0.5">
                    {page.items.map((item) => (
                      <li key={item.id}>
                        <NotificationRow
                          item={item}
                          onOpen={() => {
                            if (!item.readAt) void markRead([item.id]).catch(() => undefined);
                            if (item.caseUuid) close();
                          }}
                        />
                      </li>
                    ))}
                  </ul>
                )
              ) : loading ? (
                <div className="flex justify-center py-8">
                  <Spinner label="Loading notifications..." />
                </div>
              ) : error ? (
                <div className="px-3 py-6 text-center">
                  <p className="text-sm text-slate-700 dark:text-slate-300">
                    Failed to load notifications. Please try again later.
                  </p>
                  <button
                    type="button"
                    onClick={() => void refetch().catch(() => undefined)}
                    className="mt-2 rounded-lg px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 dark:text-brand-300 dark:hover:bg-brand-950"
                  >
                    Try again
                  </button>
                </div>
              ) : null}
            </div>
          </>
        )}
      </PopoverPanel>
    </Popover>
  );
}

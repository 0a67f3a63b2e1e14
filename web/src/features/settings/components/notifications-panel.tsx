import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ErrorState, LoadingState } from '../../../components/ui/empty-state';
import type { NotificationPreferencesQuery } from '../../../gql/graphql';
import { serverErrorMessage } from '../../../lib/graphql-errors';
import { toast } from '../../../lib/toasts';
import { useNotificationPreferences } from '../api/notification-preferences';
import { useUpdateNotificationPreferences } from '../api/update-notification-preferences';
import { DevicePushSwitch } from './device-push-switch';

// Settings > Notifications: three checkboxes (all on by default), stored per user on the server; each says
// what it sends (e-mail and device alerts). Below them, the device switch
// (issue 14), which acts at once for this browser.

type Preferences = NotificationPreferencesQuery['notificationPreferences'];

const OPTIONS: { key: keyof Preferences; label: string; description: string }[] = [
  {
    key: 'notifyNewCases',
    label: 'New case notifications',
    description:
      'Sends an e-mail, and an alert to each device you turn on below, when a case is assigned to you or a new case in your specialty is waiting.',
  },
  {
    key: 'notifyStatusUpdates',
    label: 'Case status updates',
    description:
      'Sends an e-mail, and an alert to each device you turn on below, when your case is accepted, reviewed or its revisit is accepted.',
  },
  {
    key: 'notifyReminders',
    label: 'Reminder notifications',
    description:
      'Sends an e-mail, and an alert to each device you turn on below, when a case has waited a while for you to accept it or a draft has sat untouched for 3 days.',
  },
];

export function NotificationsPanel() {
  const query = useNotificationPreferences();
  const [update, updateState] = useUpdateNotificationPreferences();
  const [preferences, setPreferences] = useState<Preferences | null>(null);
  const baseId = useId();

  const stored = query.data?.notificationPreferences;
  useEffect(() => {
    if (stored) {
      setPreferences({
        notifyNewCases: stored.notifyNewCases,
        notifyStatusUpdates: stored.notifyStatusUpdates,
        notifyReminders: stored.notifyReminders,
      });
    }
  }, [stored]);

  if (!stored && query.error) {
    return (
      <ErrorState
        title="Failed to load notification preferences"
        detail={serverErrorMessage(query.error) || undefined}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (!preferences) return <LoadingState label="Loading notification preferences..." />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await update({ variables: { input: preferences } });
      toast({
        title: 'Preferences saved',
        description: 'Your notification preferences have been updated.',
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: 'Preferences not saved',
        description: serverErrorMessage(error) || 'Could not save your notification preferences. Please try again.',
        variant: 'destructive',
      });
    }
  };

  return (
    <div>
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Notification Preferences</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Choose what VetConsult sends you by e-mail and to your devices. The bell at the top lists every notification
        either way, for 90 days.
      </p>
      <form onSubmit={onSubmit} className="mt-5 space-y-5">
        <fieldset className="divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          <legend className="sr-only">What you are notified about</legend>
          {OPTIONS.map((option) => {
            const id = `${baseId}-${option.key}`;
            return (
              <div key={option.key} className="flex items-start gap-3 px-4 py-3.5">
                <input
                  id={id}
                  type="checkbox"
                  checked={preferences[option.key]}
                  onChange={(event) => setPreferences({ ...preferences, [option.key]: event.target.checked })}
                  aria-describedby={`${id}-description`}
                  className="mt-0.5 size-4 rounded border-slate-300 accent-brand-700 dark:accent-brand-400"
                />
                <div>
                  <label htmlFor={id} className="text-sm font-medium text-slate-900 dark:text-white">
                    {option.label}
                  </label>
                  <p id={`${id}-description`} className="text-sm text-slate-600 dark:text-slate-400">
                    {option.description}
                  </p>
                </div>
              </div>
            );
          })}
        </fieldset>
        <Button type="submit" busy={updateState.loading}>
          Save Preferences
        </Button>
      </form>
      <DevicePushSwitch />
    </div>
  );
}

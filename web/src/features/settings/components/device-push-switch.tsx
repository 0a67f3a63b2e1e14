import { Field, Switch, Description as SwitchDescription, Label as SwitchLabel } from '@headlessui/react';
import { DEVICE_PUSH_TEXT, useDevicePush } from '../hooks/use-device-push';

// Settings › Notifications, "Notify me on this device" (issue 14): a switch that acts at once (it is about
// this browser, not a saved preference), with a clear sentence when the browser cannot or may not notify.

export function DevicePushSwitch() {
  const { status, problem, busy, turnOn, turnOff } = useDevicePush();
  const on = status === 'on';
  const unavailable = status === 'unsupported' || status === 'blocked';
  const notice =
    status === 'unsupported' ? DEVICE_PUSH_TEXT.unsupported : status === 'blocked' ? DEVICE_PUSH_TEXT.blocked : problem;

  return (
    <section aria-labelledby="device-push-heading" className="mt-8">
      <h3 id="device-push-heading" className="text-base font-semibold text-slate-900 dark:text-white">
        This device
      </h3>
      <Field
        disabled={unavailable || status === 'checking' || busy}
        className="mt-3 flex items-start justify-between gap-4 rounded-xl border border-slate-200 px-4 py-3.5 dark:border-slate-800"
      >
        <div className="min-w-0">
          <SwitchLabel className="text-sm font-medium text-slate-900 dark:text-white">
            Notify me on this device
          </SwitchLabel>
          <SwitchDescription className="text-sm text-slate-600 dark:text-slate-400">
            Shows an alert on this computer or phone, even when VetConsult is closed, for each kind switched on above.
          </SwitchDescription>
        </div>
        <Switch
          checked={on}
          onChange={(checked) => void (checked ? turnOn() : turnOff())}
          aria-busy={busy || status === 'checking'}
          className="group relative mt-0.5 inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full bg-slate-300 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 data-checked:bg-brand-700 data-disabled:cursor-not-allowed data-disabled:opacity-50 dark:bg-slate-700 dark:data-checked:bg-brand-500"
        >
          <span
            aria-hidden="true"
            className="size-4 translate-x-1 rounded-full bg-white shadow transition-transform group-data-checked:translate-x-6"
          />
        </Switch>
      </Field>
      {notice ? (
        <p role="status" className="mt-2 text-sm text-amber-800 dark:text-amber-300">
          {notice}
        </p>
      ) : null}
    </section>
  );
}

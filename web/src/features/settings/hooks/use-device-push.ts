import { useApolloClient } from '@apollo/client/react';
import { useCallback, useEffect, useState } from 'react';
import { serverErrorMessage } from '../../../lib/graphql-errors';
import { toast } from '../../../lib/toasts';
import { pushPublicKeyQuery } from '../api/push-public-key';
import { pushSubscriptionRegisteredQuery } from '../api/push-subscription-registered';
import { registerPushSubscriptionMutation } from '../api/register-push-subscription';
import { unregisterPushSubscriptionMutation } from '../api/unregister-push-subscription';
import { base64UrlToBytes, isSameKey } from './push-keys';

// "Notify me on this device" (issue 14): this browser's push subscription, kept in step with the server.
// On: ask the permission, register the service worker (/sw.js), subscribe with the server's VAPID key and
// register the subscription. Off: unregister it on the server, then in the browser. The switch shows on
// only when the browser has a subscription AND the server still sends to it for this user (the push
// service may have dropped it, or another account may have taken this browser over).

export type DevicePushStatus = 'checking' | 'unsupported' | 'blocked' | 'off' | 'on';

const SERVICE_WORKER_URL = '/sw.js';
const SCOPE = '/';

export const DEVICE_PUSH_TEXT = {
  unsupported:
    'This browser cannot show notifications from VetConsult. On iPhone and iPad, add VetConsult to the Home Screen first; elsewhere, use a recent Chrome, Edge, Firefox or Safari.',
  blocked:
    'Notifications are blocked for VetConsult in this browser. Allow them in the site settings (the icon beside the address), then turn this on.',
  dismissed: 'VetConsult needs your permission to notify this device. Turn this on again and choose Allow.',
  noPushService:
    'This browser could not reach its push service, so this device cannot be notified. Please try again later.',
  failed: 'Could not change notifications for this device. Please try again.',
  checkFailed: 'Could not check whether this device is notified. Please reload the page.',
} as const;

function isSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window &&
    window.isSecureContext
  );
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(SCOPE);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export function useDevicePush() {
  const client = useApolloClient();
  const [status, setStatus] = useState<DevicePushStatus>('checking');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let cancelled = false;
    const settle = (next: DevicePushStatus, message: string | null = null) => {
      if (cancelled) return;
      setStatus(next);
      setProblem(message);
    };
    (async () => {
      if (!isSupported()) return settle('unsupported');
      if (Notification.permission === 'denied') return settle('blocked');
      const subscription = await currentSubscription();
      if (!subscription || Notification.permission !== 'granted') return settle('off');
      const { data } = await client.query({
        query: pushSubscriptionRegisteredQuery,
        variables: { endpoint: subscription.endpoint },
        fetchPolicy: 'network-only',
      });
      settle(data?.pushSubscriptionRegistered ? 'on' : 'off');
    })().catch(() => settle('off', DEVICE_PUSH_TEXT.checkFailed));
    return () => {
      cancelled = true;
    };
  }, [client]);

  const turnOn = useCallback(async () => {
    setBusy(true);
    setProblem(null);
    try {
      const permission = await Notification.requestPermission();
      if (permission === 'denied') return setStatus('blocked');
      if (permission !== 'granted') return setProblem(DEVICE_PUSH_TEXT.dismissed);
      await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: SCOPE });
      const registration = await navigator.serviceWorker.ready;
      const { data } = await client.query({ query: pushPublicKeyQuery, fetchPolicy: 'network-only' });
      if (!data) throw new Error(DEVICE_PUSH_TEXT.failed);
      const key = base64UrlToBytes(data.pushPublicKey);
      let subscription = await registration.pushManager.getSubscription();
      if (subscription && !isSameKey(subscription.options.applicationServerKey, key)) {
        // Made with another server key (the keys were replaced): it can never receive our pushes.
        await subscription.unsubscribe();
        subscription = null;
      }
      try {
        subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
      } catch {
        return setProblem(DEVICE_PUSH_TEXT.noPushService);
      }
      const { keys } = subscription.toJSON();
      await client.mutate({
        mutation: registerPushSubscriptionMutation,
        variables: {
          input: { endpoint: subscription.endpoint, keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' } },
        },
      });
      setStatus('on');
      toast({
        title: 'This device will be notified',
        description: 'VetConsult notifications appear here even when the tab is closed.',
        variant: 'success',
      });
    } catch (error) {
      setProblem(serverErrorMessage(error) || DEVICE_PUSH_TEXT.failed);
    } finally {
      setBusy(false);
    }
  }, [client]);

  const turnOff = useCallback(async () => {
    setBusy(true);
    setProblem(null);
    try {
      const subscription = await currentSubscription();
      if (subscription) {
        await client.mutate({
          mutation: unregisterPushSubscriptionMutation,
          variables: { endpoint: subscription.endpoint },
        });
        await subscription.unsubscribe();
      }
      setStatus('off');
      toast({ title: 'This device will no longer be notified', variant: 'success' });
    } catch (error) {
      setProblem(serverErrorMessage(error) || DEVICE_PUSH_TEXT.failed);
    } finally {
      setBusy(false);
    }
  }, [client]);

  return { status, problem, busy, turnOn, turnOff };
}

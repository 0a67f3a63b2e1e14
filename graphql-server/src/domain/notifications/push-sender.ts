// The browser-push dependency of the delivery job, as the notifications contract names it. The
// implementation (web-push, VAPID, subscriptions) is `push.ts` of the notify-web branch, which exports
// the same two types and `createPushSender`; services.ts wires it into the delivery job when merged.

export interface PushMessage {
  title: string;
  body: string;
  url: string;
  tag: string;
}

export interface PushSender {
  send(userId: number, message: PushMessage): Promise<{ delivered: number; removed: number }>;
}

import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { consultFields, createCase, succeededPayment } from './cases.fixtures';
import { TestClient } from './helpers/client';
import { createUser, signedInClient, TEST_PASSWORD } from './helpers/factories';
import { startTestServer, type TestServer } from './helpers/server';
import { collect, connected, wsClient } from './helpers/ws';

// Live updates over graphql-ws with real sockets and the session cookie of the upgrade request.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** graphql-ws has no per-subscription acknowledgement: give the server a moment to start listening. */
const subscribed = () => sleep(150);

async function liveClient(user: Parameters<typeof signedInClient>[1]) {
  const http = await signedInClient(server.url, user);
  const ws = wsClient(server.url, http.cookieHeader);
  await connected(ws);
  return { http, ws };
}

/** A plain `ws` socket speaking graphql-transport-ws, subscribed to MINE once acknowledged. */
function rawSubscriber(baseUrl: string, cookie: string, options: { autoPong?: boolean } = {}) {
  const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/graphql`, 'graphql-transport-ws', {
    headers: { cookie },
    autoPong: options.autoPong ?? true,
  });
  socket.on('open', () => socket.send('{"type":"connection_init"}'));
  socket.on('message', (data) => {
    if (JSON.parse(String(data)).type !== 'connection_ack') return;
    socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: MINE } }));
  });
  return socket;
}

const AVAILABLE = 'subscription { availableCasesChanged { uuid status kind at case { uuid patientName } } }';
const MINE = 'subscription { myCasesChanged { uuid status kind case { status } } }';

describe('real-time case events', () => {
  it('the assigned specialist of the right specialty sees a newly activated case; others do not', async () => {
    const db = server.database.db;
    const vet = await createUser(db, { role: 'VETERINARIAN' });
    const cardiologist = await createUser(db, { role: 'SPECIALIST', specialty: 'Cardiology', approved: true });
    const dermatologist = await createUser(db, { role: 'SPECIALIST', specialty: 'Dermatology', approved: true });
    const otherVet = await createUser(db, { role: 'VETERINARIAN' });

    const right = await liveClient(cardiologist);
    const wrong = await liveClient(dermatologist);
    const stranger = await liveClient(otherVet);
    const rightEvents = collect(right.ws, AVAILABLE);
    const wrongEvents = collect(wrong.ws, AVAILABLE);
    const strangerEvents = collect(stranger.ws, MINE);
    await subscribed();

    // Activated as in the product: the final submission carries the case's succeeded payment.
    const kase = await createCase(db, { vetId: vet.id, specialistId: cardiologist.id, status: 'pending_payment' });
    const payment = await succeededPayment(db, { caseId: kase.id, userId: vet.id });
    const vetClient = await signedInClient(server.url, vet);
    const submitted = await vetClient.post('/api/cases', {
      ...consultFields(cardiologist.id),
      caseId: kase.uuid,
      paymentIntentId: payment.providerPaymentIntentId,
    });
    expect(submitted.body).toMatchObject({ uuid: kase.uuid, status: 'pending', isPaid: true });

    const event = await rightEvents.next((r) => r.data?.availableCasesChanged.uuid === kase.uuid);
    expect(event.data?.availableCasesChanged).toMatchObject({
      status: 'pending',
      kind: 'activated',
      case: { uuid: kase.uuid },
    });
    expect(Date.now() - event.data?.availableCasesChanged.at).toBeLessThan(1000);

    await sleep(300);
    expect(wrongEvents.received).toHaveLength(0);
    expect(strangerEvents.received).toHaveLength(0);
    for (const c of [right, wrong, stranger]) await c.ws.dispose();
  });

  it('the veterinarian sees "accepted" and then "reviewed" on their own case; another vet sees nothing', async () => {
    const db = server.database.db;
    const vet = await createUser(db, { role: 'VETERINARIAN' });
    const otherVet = await createUser(db, { role: 'VETERINARIAN' });
    const specialist = await createUser(db, { role: 'SPECIALIST', specialty: 'Cardiology', approved: true });
    const kase = await createCase(db, { vetId: vet.id, specialistId: specialist.id, status: 'pending' });

    const owner = await liveClient(vet);
    const other = await liveClient(otherVet);
    const ownerEvents = collect(owner.ws, MINE);
    const detail = collect(
      owner.ws,
      `subscription ($uuid: String!) { caseUpdated(uuid: $uuid) { uuid status summary } }`,
      {
        uuid: kase.uuid,
      },
    );
    const stats = collect(
      owner.ws,
      'subscription { dashboardStatsChanged { activeCount pendingCount completedThisWeek } }',
    );
    const otherEvents = collect(other.ws, MINE);
    const spying = collect(other.ws, `subscription ($uuid: String!) { caseUpdated(uuid: $uuid) { uuid status } }`, {
      uuid: kase.uuid,
    });
    await subscribed();

    const specialistHttp = await signedInClient(server.url, specialist);
    expect((await specialistHttp.post(`/api/cases/${kase.uuid}/accept`, { specialistId: specialist.id })).status).toBe(
      200,
    );
    const accepted = await ownerEvents.next((r) => r.data?.myCasesChanged.status === 'accepted');
    expect(accepted.data?.myCasesChanged).toMatchObject({
      uuid: kase.uuid,
      kind: 'accepted',
      case: { status: 'accepted' },
    });
    await detail.next((r) => r.data?.caseUpdated.status === 'accepted');
    const activeStats = await stats.next((r) => r.data?.dashboardStatsChanged.activeCount === 1);
    expect(activeStats.data?.dashboardStatsChanged.pendingCount).toBe(0);

    const form = new FormData();
    form.append('summary', 'Findings consistent with early mitral valve disease; recheck in 6 months.');
    form.append('specialistId', String(specialist.id));
    expect((await specialistHttp.request('POST', `/api/cases/${kase.uuid}/review`, form)).status).toBe(200);
    await ownerEvents.next((r) => r.data?.myCasesChanged.status === 'reviewed');
    const reviewed = await detail.next((r) => r.data?.caseUpdated.status === 'reviewed');
    expect(reviewed.data?.caseUpdated.summary).toContain('mitral valve');

    await sleep(300);
    expect(otherEvents.received).toHaveLength(0);
    expect(spying.received).toHaveLength(0);
    await owner.ws.dispose();
    await other.ws.dispose();
  });

  it('subscriptions require a session, and admin-only ones the admin role', async () => {
    const anonymous = wsClient(server.url, '');
    await connected(anonymous);
    const denied = collect(anonymous, MINE);
    await sleep(300);
    expect(JSON.stringify(denied.failure ?? denied.received)).toMatch(/Not authenticated|UNAUTHENTICATED/);
    await anonymous.dispose();

    const vet = await createUser(server.database.db, { role: 'VETERINARIAN' });
    const live = await liveClient(vet);
    const adminOnly = collect(live.ws, 'subscription { pendingSpecialistsChanged { specialistId kind } }');
    await sleep(300);
    expect(JSON.stringify(adminOnly.failure ?? adminOnly.received)).toMatch(/FORBIDDEN|permission/);
    await live.ws.dispose();
  });

  it('the administrator sees a specialist registration live', async () => {
    const admin = await createUser(server.database.db, { role: 'ADMIN', approved: true });
    const live = await liveClient(admin);
    const events = collect(live.ws, 'subscription { pendingSpecialistsChanged { specialistId kind } }');
    await subscribed();
    const tag = Date.now().toString(36);
    const registered = await new TestClient(server.url).post('/api/auth/register', {
      username: `live_${tag}`,
      password: 'secret123',
      email: `live_${tag}@example.com`,
      name: 'Dr. Live',
      role: 'SPECIALIST',
      specialty: 'Oncology',
    });
    const event = await events.next((r) => r.data?.pendingSpecialistsChanged.specialistId === registered.body.id);
    expect(event.data?.pendingSpecialistsChanged.kind).toBe('registered');
    await live.ws.dispose();
  });

  it("one user's sockets running the same subscription share one execution; another user's do not", async () => {
    const db = server.database.db;
    const vet = await createUser(db, { role: 'VETERINARIAN' });
    const otherVet = await createUser(db, { role: 'VETERINARIAN' });
    const specialist = await createUser(db, { role: 'SPECIALIST', specialty: 'Cardiology', approved: true });
    const kase = await createCase(db, { vetId: vet.id, specialistId: specialist.id, status: 'pending' });
    const gauges = async () => {
      const text = await (await fetch(`${server.url}/metrics`)).text();
      const gauge = (name: string) => Number(text.match(new RegExp(`^${name} (\\d+)`, 'm'))?.[1] ?? Number.NaN);
      return {
        sources: gauge('graphql_shared_subscription_sources'),
        subscribers: gauge('graphql_websocket_subscribers'),
      };
    };
    const before = await gauges();

    // Three tabs of the vet (three sessions), and the other vet with the very same operation text.
    const tabs = [await liveClient(vet), await liveClient(vet), await liveClient(vet)];
    const other = await liveClient(otherVet);
    const tabEvents = tabs.map((tab) => collect(tab.ws, MINE));
    const otherEvents = collect(other.ws, MINE);
    await subscribed();
    expect(await gauges()).toEqual({ sources: before.sources + 2, subscribers: before.subscribers + 4 });

    const specialistHttp = await signedInClient(server.url, specialist);
    expect((await specialistHttp.post(`/api/cases/${kase.uuid}/accept`, { specialistId: specialist.id })).status).toBe(
      200,
    );
    for (const events of tabEvents) {
      const accepted = await events.next((r) => r.data?.myCasesChanged.status === 'accepted');
      expect(accepted.data?.myCasesChanged).toMatchObject({ uuid: kase.uuid, case: { status: 'accepted' } });
    }

    // A tab that leaves does not end the others' subscription; the last one to leave ends it.
    await tabs[0]?.ws.dispose();
    await sleep(100);
    expect(await gauges()).toEqual({ sources: before.sources + 2, subscribers: before.subscribers + 3 });
    const form = new FormData();
    form.append('summary', 'Shared execution check.');
    form.append('specialistId', String(specialist.id));
    expect((await specialistHttp.request('POST', `/api/cases/${kase.uuid}/review`, form)).status).toBe(200);
    for (const events of tabEvents.slice(1)) await events.next((r) => r.data?.myCasesChanged.status === 'reviewed');
    expect(tabEvents.map((events) => events.received.length)).toEqual([1, 2, 2]);

    await sleep(300);
    expect(otherEvents.received).toHaveLength(0);
    for (const tab of tabs.slice(1)) await tab.ws.dispose();
    await other.ws.dispose();
    await sleep(100);
    expect(await gauges()).toEqual(before);
  });
});

describe('sockets of ended sessions', () => {
  it("signing out closes that session's socket; a password change closes the other devices' sockets", async () => {
    const vet = await createUser(server.database.db, { role: 'VETERINARIAN' });
    const [laptop, phone, tablet] = [
      await signedInClient(server.url, vet),
      await signedInClient(server.url, vet),
      await signedInClient(server.url, vet),
    ];
    const sockets = [laptop, phone, tablet].map((client) => rawSubscriber(server.url, client?.cookieHeader ?? ''));
    await Promise.all(sockets.map((socket) => once(socket, 'open')));
    const [laptopClosed, phoneClosed, tabletClosed] = sockets.map(
      (socket) => once(socket, 'close') as Promise<[number, Buffer]>,
    );
    await subscribed();

    expect((await phone?.post('/api/auth/logout'))?.status).toBeLessThan(300);
    const [code, reason] = (await phoneClosed) ?? [];
    expect([code, String(reason)]).toEqual([4401, 'Session ended']);

    const changed = await laptop?.post('/api/auth/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'another-pass-456',
      confirmPassword: 'another-pass-456',
    });
    expect(changed?.status).toBe(200);
    expect((await tabletClosed)?.[0]).toBe(4401);
    await sleep(100);
    expect(sockets[0]?.readyState).toBe(WebSocket.OPEN);
    sockets[0]?.close();
    await laptopClosed;
  });
});

describe('keep-alive', () => {
  it('a socket that stops answering pings is dropped and its subscription released; a live one stays', async () => {
    const pinging = await startTestServer({ webSocket: { keepAliveMs: 150, sharedExecution: true } });
    try {
      const vet = await createUser(pinging.database.db, { role: 'VETERINARIAN' });
      const http = await signedInClient(pinging.url, vet);
      const subscribers = async () => {
        const text = await (await fetch(`${pinging.url}/metrics`)).text();
        return Number(text.match(/^graphql_websocket_subscribers (\d+)/m)?.[1]);
      };
      const before = await subscribers();
      const silent = rawSubscriber(pinging.url, http.cookieHeader, { autoPong: false });
      const live = rawSubscriber(pinging.url, http.cookieHeader);
      await sleep(100);
      expect(await subscribers()).toBe(before + 2);

      // Pinged at 150 ms, no pong by 300 ms: terminated (no close frame, hence 1006).
      const [code] = (await once(silent, 'close')) as [number];
      expect(code).toBe(1006);
      await sleep(50);
      expect(await subscribers()).toBe(before + 1);
      await sleep(400);
      expect(live.readyState).toBe(WebSocket.OPEN);
      live.close();
      await once(live, 'close');
    } finally {
      await pinging.close();
    }
  });
});

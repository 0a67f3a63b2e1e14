import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../src/domain/actor';
import { type PaymentProvider, WebhookSignatureError } from '../src/domain/payments/payment-provider';
import { createPaymentsService } from '../src/domain/payments/payments.service';
import { createStripeProvider } from '../src/domain/payments/stripe-provider';
import { createTestProvider } from '../src/domain/payments/test-provider';
import type { Case, Payment, User } from '../src/generated/prisma/client';
import { DomainError } from '../src/lib/errors';
import { createUser } from './helpers/factories';
import { startTestServer, type TestServer } from './helpers/server';

// The Stripe provider through the REAL stripe SDK, against a local HTTP server standing in for the
// Stripe API at its documented shapes (form-encoded requests, JSON objects and errors). Webhook
// signatures come from stripe.webhooks.generateTestHeaderString. One contract suite runs against both
// providers.

interface RecordedRequest {
  method: string;
  path: string;
  form: Record<string, string>;
  headers: IncomingMessage['headers'];
}

/** A minimal Stripe API: PaymentIntents (create, retrieve, cancel), coupons and promotion codes. */
function fakeStripe() {
  const intents = new Map<string, Record<string, unknown>>();
  const refunds = new Map<string, Record<string, unknown>>();
  const requests: RecordedRequest[] = [];
  const idempotent = new Map<string, string>();
  const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
    res.end(JSON.stringify(body));
  };
  const missing = (res: ServerResponse, what: string) =>
    send(res, 404, {
      error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}`, param: 'id' },
    });

  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const form = Object.fromEntries(new URLSearchParams(raw));
      requests.push({ method: req.method ?? '', path: url.pathname, form, headers: req.headers });
      if (req.headers.authorization !== 'Bearer sk_test_fake') {
        return send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      }
      const key = req.headers['idempotency-key'];
      const parts = url.pathname.split('/').filter(Boolean); // v1, resource, id?, action?
      if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
        if (typeof key === 'string' && idempotent.has(key))
          return send(res, 200, intents.get(idempotent.get(key) ?? ''));
        const intentId = id('pi');
        const metadata: Record<string, string> = {};
        for (const [k, v] of Object.entries(form)) {
          const m = k.match(/^metadata\[(.+)\]$/);
          if (m?.[1]) metadata[m[1]] = v;
        }
        const intent = {
          id: intentId,
          object: 'payment_intent',
          amount: Number(form.amount),
          currency: form.currency,
          status: 'requires_payment_method',
          client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
          automatic_payment_methods: { enabled: form['automatic_payment_methods[enabled]'] === 'true' },
          description: form.description ?? null,
          metadata,
          last_payment_error: null,
          livemode: false,
          created: Math.floor(Date.now() / 1000),
        };
        intents.set(intentId, intent);
        if (typeof key === 'string') idempotent.set(key, intentId);
        return send(res, 200, intent);
      }
      if (parts[1] === 'payment_intents' && parts[2]) {
        const intent = intents.get(parts[2]);
        if (!intent) return missing(res, `payment_intent: '${parts[2]}'`);
        if (req.method === 'GET' && parts.length === 3) return send(res, 200, intent);
        if (req.method === 'POST' && parts[3] === 'cancel') {
          if (intent.status === 'succeeded' || intent.status === 'canceled') {
            return send(res, 400, {
              error: {
                type: 'invalid_request_error',
                code: 'payment_intent_unexpected_state',
                message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
              },
            });
          }
          intent.status = 'canceled';
          return send(res, 200, intent);
        }
      }
      if (req.method === 'POST' && url.pathname === '/v1/refunds') {
        // Issue 19: a refund of a succeeded PaymentIntent, idempotent by key like every create.
        if (typeof key === 'string' && idempotent.has(key))
          return send(res, 200, refunds.get(idempotent.get(key) ?? ''));
        const intent = intents.get(form.payment_intent ?? '');
        if (!intent) return missing(res, `payment_intent: '${form.payment_intent}'`);
        const already = [...refunds.values()].some((r) => r.payment_intent === intent.id);
        if (intent.status !== 'succeeded' || already) {
          return send(res, 400, {
            error: {
              type: 'invalid_request_error',
              code: already ? 'charge_already_refunded' : 'payment_intent_unexpected_state',
              message: already
                ? `Charge for PaymentIntent ${intent.id} has already been refunded.`
                : 'This PaymentIntent does not have a successful charge to refund.',
            },
          });
        }
        const refund = {
          id: id('re'),
          object: 'refund',
          amount: form.amount ? Number(form.amount) : intent.amount,
          payment_intent: intent.id,
          reason: form.reason ?? null,
          status: 'succeeded',
          currency: intent.currency,
        };
        refunds.set(refund.id, refund);
        if (typeof key === 'string') idempotent.set(key, refund.id);
        return send(res, 200, refund);
      }
      if (req.method === 'POST' && url.pathname === '/v1/coupons') {
        return send(res, 200, {
          id: id('co'),
          object: 'coupon',
          percent_off: form.percent_off ? Number(form.percent_off) : null,
          amount_off: form.amount_off ? Number(form.amount_off) : null,
          currency: form.currency ?? null,
          duration: form.duration,
          name: form.name ?? null,
          valid: true,
        });
      }
      if (req.method === 'POST' && url.pathname === '/v1/promotion_codes') {
        return send(res, 200, {
          id: id('promo'),
          object: 'promotion_code',
          code: form.code,
          active: form.active !== 'false',
          promotion: { type: form['promotion[type]'], coupon: form['promotion[coupon]'] },
        });
      }
      return send(res, 404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname})` },
      });
    });
  });

  return {
    requests,
    intents,
    /** What Stripe does when the browser confirms the card. */
    setIntent(intentId: string, patch: Record<string, unknown>) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no intent ${intentId}`);
      Object.assign(intent, patch);
      return intent;
    },
    async listen(): Promise<number> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const address = server.address();
      return typeof address === 'object' && address ? address.port : 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const WEBHOOK_SECRET = 'whsec_test_local_secret';
let server: TestServer;
let stripeApi: ReturnType<typeof fakeStripe>;
let port: number;
let vet: User;
const signer = new Stripe('sk_test_signer_only');

beforeAll(async () => {
  server = await startTestServer({ stripe: undefined });
  stripeApi = fakeStripe();
  port = await stripeApi.listen();
  vet = await createUser(server.database.db, { role: 'VETERINARIAN' }); // Toronto, ON
});
afterAll(async () => {
  await stripeApi.close();
  await server.close();
});

function stripeProvider() {
  return createStripeProvider({
    secretKey: 'sk_test_fake',
    publishableKey: 'pk_test_fake',
    webhookSecret: WEBHOOK_SECRET,
    clientOptions: { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 },
  });
}

async function unpaidCase(): Promise<Case> {
  return server.database.db.case.create({
    data: {
      vetId: vet.id,
      status: 'pending_payment',
      specialty: 'Cardiology',
      patientName: 'Rex',
      termsAccepted: true,
    },
  });
}

async function paymentRow(kase: Case, provider: string, totalAmount = 16950): Promise<Payment> {
  return server.database.db.payment.create({
    data: {
      caseId: kase.id,
      userId: vet.id,
      type: 'consultation',
      provider,
      providerPaymentIntentId: `pending:${randomBytes(8).toString('hex')}`,
      originalAmount: 15000,
      taxAmount: 1950,
      taxRate: 13,
      totalAmount,
    },
  });
}

interface ProviderUnderTest {
  provider: PaymentProvider;
  sign(payload: string): string;
}

describe.each([
  [
    'stripe',
    (): ProviderUnderTest => ({
      provider: stripeProvider(),
      sign: (payload) => signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    }),
  ],
  [
    'test',
    (): ProviderUnderTest => {
      const provider = createTestProvider({ db: server.database.db, webhookSecret: 'whsec_builtin' });
      return { provider, sign: (payload) => provider.signWebhookPayload(payload) };
    },
  ],
])('payment provider contract: %s', (name, make) => {
  it('creates an intent awaiting a card, retrieves it, cancels it', async () => {
    const { provider } = make();
    expect(provider.name).toBe(name);
    const kase = await unpaidCase();
    const row = await paymentRow(kase, name);
    const intent = await provider.createIntent({
      paymentRecordId: row.id,
      amount: 16950,
      currency: 'cad',
      description: 'Specialist consultation',
      metadata: {
        caseId: String(kase.id),
        caseUuid: kase.uuid,
        type: 'consultation',
        paymentId: String(row.id),
        userId: String(vet.id),
      },
      idempotencyKey: `contract-${row.id}`,
    });
    expect(intent.id).toMatch(/^pi_/);
    expect(intent.clientSecret).toMatch(new RegExp(`^${intent.id}_secret_`));
    expect(intent).toMatchObject({
      status: 'requires_payment_method',
      amount: 16950,
      currency: 'cad',
      lastError: null,
    });
    // (the service records the id on its row; the test provider already has)
    await server.database.db.payment.update({ where: { id: row.id }, data: { providerPaymentIntentId: intent.id } });
    const retrieved = await provider.retrieveIntent(intent.id);
    expect(retrieved).toMatchObject({ id: intent.id, status: 'requires_payment_method', amount: 16950 });
    expect(await provider.retrieveIntent('pi_does_not_exist')).toBeNull();
    await provider.cancelIntent(intent.id);
    expect((await provider.retrieveIntent(intent.id))?.status).toBe('canceled');
    await provider.cancelIntent(intent.id); // canceling twice is harmless
  });

  it('refunds a succeeded intent in full, once per idempotency key, and refuses one that was not paid', async () => {
    const { provider } = make();
    const kase = await unpaidCase();
    const row = await paymentRow(kase, name);
    const intent = await provider.createIntent({
      paymentRecordId: row.id,
      amount: 16950,
      currency: 'cad',
      description: 'Specialist consultation',
      metadata: {
        caseId: String(kase.id),
        caseUuid: kase.uuid,
        type: 'consultation',
        paymentId: String(row.id),
        userId: String(vet.id),
      },
      idempotencyKey: `contract-refund-${row.id}`,
    });
    await server.database.db.payment.update({ where: { id: row.id }, data: { providerPaymentIntentId: intent.id } });
    const refund = {
      paymentIntentId: intent.id,
      amount: 16950,
      idempotencyKey: `refund-${row.id}`,
      reason: 'cancelled',
    };
    // Not paid yet: nothing to refund.
    await expect(provider.refund(refund)).rejects.toThrow();
    if (name === 'stripe') stripeApi.setIntent(intent.id, { status: 'succeeded' });
    else await server.database.db.payment.update({ where: { id: row.id }, data: { status: 'succeeded' } });
    const first = await provider.refund(refund);
    expect(first).toMatchObject({ paymentIntentId: intent.id, amount: 16950 });
    expect(first.id).toMatch(/^re_/);
    expect(['succeeded', 'pending']).toContain(first.status);
    // A retried refund (same key) is the same refund, never a second one.
    expect((await provider.refund(refund)).id).toBe(first.id);
  });

  it('parses charge.refunded events (issue 19)', async () => {
    const { provider, sign } = make();
    const payload = JSON.stringify({
      id: 'evt_contract_refund',
      object: 'event',
      type: 'charge.refunded',
      data: {
        object: {
          id: 'ch_contract',
          object: 'charge',
          amount_refunded: 16950,
          payment_intent: 'pi_contract',
          refunds: {
            object: 'list',
            data: [{ id: 're_contract', object: 'refund', amount: 16950, status: 'succeeded' }],
          },
        },
      },
    });
    expect(provider.parseWebhookEvent(payload, sign(payload))).toEqual({
      id: 'evt_contract_refund',
      type: 'charge.refunded',
      intent: null,
      refund: { id: 're_contract', paymentIntentId: 'pi_contract', amount: 16950, status: 'succeeded' },
    });
  });

  it('verifies webhook signatures and parses intent events', async () => {
    const { provider, sign } = make();
    const payload = JSON.stringify({
      id: 'evt_contract_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: {
        object: {
          id: 'pi_contract',
          object: 'payment_intent',
          amount: 500,
          currency: 'cad',
          status: 'succeeded',
          metadata: {},
          last_payment_error: null,
        },
      },
    });
    const event = provider.parseWebhookEvent(Buffer.from(payload), sign(payload));
    expect(event).toMatchObject({
      id: 'evt_contract_1',
      type: 'payment_intent.succeeded',
      intent: { id: 'pi_contract', status: 'succeeded', amount: 500 },
    });
    expect(() => provider.parseWebhookEvent(payload.replace('500', '5'), sign(payload))).toThrow(WebhookSignatureError);
    expect(() => provider.parseWebhookEvent(payload, undefined)).toThrow(WebhookSignatureError);
    const other = JSON.stringify({
      id: 'evt_2',
      object: 'event',
      type: 'customer.created',
      data: { object: { id: 'cus_1' } },
    });
    expect(provider.parseWebhookEvent(other, sign(other))).toEqual({
      id: 'evt_2',
      type: 'customer.created',
      intent: null,
    });
  });
});

describe('payments service with Stripe', () => {
  const actor = (): Actor => ({ id: vet.id, role: 'VETERINARIAN', approved: true, specialty: null, sessionId: 's' });

  function service() {
    const provider = stripeProvider();
    const activated: string[] = [];
    const payments = createPaymentsService({
      db: server.database.db,
      logger: server.logger,
      provider,
      fees: { consultFeeCents: 15000, revisitFeeCents: 7500, currency: 'cad' },
      cases: { caseActivated: (kase) => activated.push(kase.uuid), caseChanged: () => undefined },
    });
    return { payments, activated };
  }

  const eventFor = (intent: Record<string, unknown>, type = 'payment_intent.succeeded') =>
    JSON.stringify({ id: `evt_${randomBytes(8).toString('hex')}`, object: 'event', type, data: { object: intent } });

  it('creates a PaymentIntent with automatic payment methods, metadata and an idempotency key', async () => {
    const { payments } = service();
    const kase = await unpaidCase();
    const before = stripeApi.requests.length;
    const view = await payments.createPaymentIntent(actor(), { type: 'consultation', caseId: kase.uuid });
    expect(view).toMatchObject({ totalAmount: 16950, taxRate: 13, province: 'ON', currency: 'cad' });
    const [request] = stripeApi.requests.slice(before).filter((r) => r.path === '/v1/payment_intents');
    expect(request?.form).toMatchObject({
      amount: '16950',
      currency: 'cad',
      'automatic_payment_methods[enabled]': 'true',
      'metadata[caseId]': String(kase.id),
      'metadata[caseUuid]': kase.uuid,
      'metadata[type]': 'consultation',
    });
    expect(request?.headers['idempotency-key']).toMatch(/^vetconsult-payment-\d+$/);
    expect(view.clientSecret).toBe(stripeApi.intents.get(view.paymentIntentId)?.client_secret);
  });

  it('confirm-payment reports the card failure in the spec words, then activates once the intent succeeded', async () => {
    const { payments, activated } = service();
    const kase = await unpaidCase();
    const view = await payments.createPaymentIntent(actor(), { type: 'consultation', caseId: kase.uuid });
    const confirm = () => payments.confirmPayment(actor(), { paymentIntentId: view.paymentIntentId });
    await expect(confirm()).rejects.toMatchObject({
      code: 'PAYMENT_FAILED',
      message: 'Payment has not been completed',
    });
    // Stripe reports insufficient funds as card_declined with a decline code.
    stripeApi.setIntent(view.paymentIntentId, {
      last_payment_error: {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
      },
    });
    await expect(confirm()).rejects.toMatchObject({
      message: 'Insufficient funds on your card. Please try a different payment method.',
    });
    stripeApi.setIntent(view.paymentIntentId, {
      last_payment_error: { type: 'card_error', code: 'do_not_honor', message: 'Bank says no.' },
    });
    await expect(confirm()).rejects.toMatchObject({ message: 'Bank says no.' });
    stripeApi.setIntent(view.paymentIntentId, { status: 'succeeded', last_payment_error: null });
    expect(await confirm()).toMatchObject({ success: true, caseUuid: kase.uuid });
    expect(await confirm()).toEqual({ success: true });
    expect(activated).toEqual([kase.uuid]);
    expect(await server.database.db.case.findUniqueOrThrow({ where: { id: kase.id } })).toMatchObject({
      status: 'pending',
      isPaid: true,
      stripePaymentIntentId: view.paymentIntentId,
      paymentAmount: 16950,
    });
  });

  it('a signed webhook activates; its replay and a tampered copy change nothing', async () => {
    const { payments, activated } = service();
    const kase = await unpaidCase();
    const view = await payments.createPaymentIntent(actor(), { type: 'consultation', caseId: kase.uuid });
    const intent = stripeApi.setIntent(view.paymentIntentId, { status: 'succeeded' });
    const payload = eventFor(intent);

    const tampered = payload.replace('"status":"succeeded"', '"status":"succeeded" ');
    const sig = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const refused = await payments.handleWebhook(Buffer.from(tampered), sig).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ code: 'BAD_USER_INPUT', message: 'Invalid webhook signature' });
    const wrongSecret = signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' });
    await expect(payments.handleWebhook(payload, wrongSecret)).rejects.toMatchObject({ code: 'BAD_USER_INPUT' });
    expect((await server.database.db.case.findUniqueOrThrow({ where: { id: kase.id } })).status).toBe(
      'pending_payment',
    );

    expect(await payments.handleWebhook(Buffer.from(payload), sig)).toEqual({ received: true, duplicate: false });
    const paid = await server.database.db.case.findUniqueOrThrow({ where: { id: kase.id } });
    expect(paid.status).toBe('pending');
    const replay = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect(await payments.handleWebhook(payload, replay)).toEqual({ received: true, duplicate: true });
    expect(activated).toEqual([kase.uuid]);
    expect((await server.database.db.case.findUniqueOrThrow({ where: { id: kase.id } })).version).toBe(paid.version);
  });

  it('a succeeded event whose amount differs from the record does not activate', async () => {
    const { payments, activated } = service();
    const kase = await unpaidCase();
    const view = await payments.createPaymentIntent(actor(), { type: 'consultation', caseId: kase.uuid });
    const intent = { ...stripeApi.setIntent(view.paymentIntentId, { status: 'succeeded' }), amount: 100 };
    const payload = eventFor(intent);
    await payments.handleWebhook(
      payload,
      signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    );
    expect(activated).toEqual([]);
    expect((await server.database.db.case.findUniqueOrThrow({ where: { id: kase.id } })).status).toBe(
      'pending_payment',
    );
  });

  it('syncs local promotion codes to Stripe coupons and promotion codes, once', async () => {
    const { payments } = service();
    const db = server.database.db;
    const tag = randomBytes(3).toString('hex').toUpperCase();
    const percent = await db.promotionCode.create({ data: { code: `SYNC${tag}P`, percentOff: 10, name: 'Ten' } });
    const fixed = await db.promotionCode.create({
      data: { code: `SYNC${tag}F`, amountOff: 2500, restrictionsMinimumAmount: 10000, maxRedemptions: 5 },
    });
    const expired = await db.promotionCode.create({
      data: { code: `SYNC${tag}X`, percentOff: 5, expiresAt: new Date(Date.now() - 1000) },
    });
    const admin: Actor = { id: 0, role: 'ADMIN', approved: true, specialty: null, sessionId: 's' };
    await expect(payments.syncPromotionCodes(actor())).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const before = stripeApi.requests.length;
    await payments.syncPromotionCodes(admin);
    const sent = stripeApi.requests.slice(before);
    const promo = (code: string) => sent.find((r) => r.path === '/v1/promotion_codes' && r.form.code === code);
    expect(promo(percent.code)?.form).toMatchObject({ 'promotion[type]': 'coupon', active: 'true' });
    expect(promo(fixed.code)?.form).toMatchObject({
      'restrictions[minimum_amount]': '10000',
      'restrictions[minimum_amount_currency]': 'cad',
      max_redemptions: '5',
    });
    expect(promo(expired.code)).toBeUndefined();
    expect(
      sent.some((r) => r.path === '/v1/coupons' && r.form.percent_off === '10' && r.form.duration === 'once'),
    ).toBe(true);
    expect(
      sent.some((r) => r.path === '/v1/coupons' && r.form.amount_off === '2500' && r.form.currency === 'cad'),
    ).toBe(true);
    const stored = await db.promotionCode.findUniqueOrThrow({ where: { id: percent.id } });
    expect(stored.stripePromotionCodeId).toMatch(/^promo_/);
    expect(stored.stripeCouponId).toMatch(/^co_/);
    expect(promo(percent.code)?.form['promotion[coupon]']).toBe(stored.stripeCouponId);

    const again = stripeApi.requests.length;
    await payments.syncPromotionCodes(admin);
    expect(stripeApi.requests.slice(again).filter((r) => r.form.code?.startsWith(`SYNC${tag}`))).toEqual([]);
  });
});

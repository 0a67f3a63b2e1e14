import {
  applyCouponSchema,
  confirmPaymentSchema,
  createPaymentIntentSchema,
  paymentTypeSchema,
  testCardSchema,
} from '@vetconsult/schema/payment';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { UPLOAD_LIMITS } from '../domain/cases/files';
import { badInput } from '../lib/errors';
import type { Services } from '../services';
import { defineRoute, multipartOf } from './contract';
import { withIntake } from './intake';
import { beforeUpload } from './upload-gate';
import {
  confirmedPaymentSchema,
  couponSchema,
  paymentConfigSchema,
  paymentIntentSchema,
  testCardResultSchema,
  webhookReceiptSchema,
} from './views/payment.view';

// SPEC §7 "Specialists, availability, payment" (/api/payment/*): thin wrappers over the payments
// service. The webhook needs the exact bytes Stripe signed, so it lives in its own scope whose only
// body parser keeps the raw buffer.

const tag = 'Payment';

export function registerPaymentRoutes(app: FastifyInstance, deps: { services: Services }) {
  const { payments, cases, uploads } = deps.services;

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/payment/config',
      tag,
      summary: 'The payment provider and its public key',
      access: 'public',
      responses: { 200: { description: 'The configuration.', json: paymentConfigSchema } },
    },
    async () => payments.config(),
  );

  // JSON {type, caseId, couponCode, formData}, or multipart with formData as JSON text and the
  // consult's diagnostic files, which are handed to the cases service once the intent exists.
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/payment/create-payment-intent',
      tag,
      summary: 'Price a consultation or revisit and open its payment',
      description:
        'JSON, or multipart with `formData` as JSON text and the consult’s `files` (stored with the case once the intent exists).',
      access: 'signed-in',
      body: {
        json: createPaymentIntentSchema,
        multipart: multipartOf(createPaymentIntentSchema, { files: 'The consult’s diagnostic files.' }),
      },
      responses: { 200: { description: 'The price and the client secret.', json: paymentIntentSchema } },
      errors: [402, 403, 404, 409, 413, 415],
    },
    async (request) =>
      withIntake(request, UPLOAD_LIMITS.consult, async (body) => {
        if (body.files.length > 0 && paymentTypeSchema.safeParse(body.fields.type).data === 'revisit') {
          throw badInput('Files for a revisit are sent with the revisit itself', 'files');
        }
        const intent = await payments.createPaymentIntent(request.actor, body.fields);
        if (body.files.length > 0) {
          await cases.addFiles(request.actor, String(body.fields.caseId ?? ''), body, 'input');
        }
        return intent;
      }),
    { preHandler: beforeUpload(uploads, () => ({ kind: 'consult' })) },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/payment/apply-coupon',
      tag,
      summary: 'Check a coupon code',
      access: 'signed-in',
      body: { json: applyCouponSchema },
      responses: { 200: { description: 'The discount.', json: couponSchema } },
      errors: [404, 409],
    },
    async (request) => payments.applyCoupon(request.actor, request.body ?? {}),
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/payment/confirm-payment',
      tag,
      summary: 'Confirm a payment after the card step',
      access: 'signed-in',
      body: { json: confirmPaymentSchema },
      responses: { 200: { description: 'Whether it went through.', json: confirmedPaymentSchema } },
      errors: [402, 403, 404, 409],
    },
    async (request) => payments.confirmPayment(request.actor, request.body ?? {}),
  );

  if (payments.provider.name === 'test') {
    defineRoute(
      app,
      {
        method: 'POST',
        url: '/api/payment/test-provider/confirm',
        tag,
        summary: 'Pay with a test card (test payment provider only)',
        description: 'Registered only when PAYMENT_PROVIDER=test: stands in for the provider’s card form.',
        access: 'signed-in',
        body: { json: testCardSchema },
        responses: { 200: { description: 'The outcome.', json: testCardResultSchema } },
        errors: [402, 403, 404, 409],
      },
      async (request) => payments.confirmTestCard(request.actor, request.body ?? {}),
    );
  }

  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) => {
      done(null, body);
    });
    defineRoute(
      scope,
      {
        method: 'POST',
        url: '/api/payment/webhook',
        tag,
        summary: 'Stripe’s webhook',
        description: 'Called by Stripe with a signed event (Stripe-Signature header); the exact bytes are verified.',
        access: 'webhook',
        body: { json: z.object({}).catchall(z.unknown()).describe('A Stripe event.') },
        responses: { 200: { description: 'Recorded (or seen before).', json: webhookReceiptSchema } },
        errors: [400],
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.from(String(request.body ?? ''));
        const signature = request.headers['stripe-signature'];
        return payments.handleWebhook(raw, Array.isArray(signature) ? signature[0] : signature);
      },
    );
  });
}

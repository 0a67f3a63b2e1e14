import { paymentTypeSchema } from '@vetconsult/schema/payment';
import type { FastifyInstance } from 'fastify';
import { UPLOAD_LIMITS } from '../domain/cases/files';
import { badInput } from '../lib/errors';
import type { Services } from '../services';
import { withIntake } from './intake';
import { beforeUpload } from './upload-gate';

// SPEC §7 "Specialists, availability, payment" (/api/payment/*): thin wrappers over the payments
// service. The webhook needs the exact bytes Stripe signed, so it lives in its own scope whose only
// body parser keeps the raw buffer.

export function registerPaymentRoutes(app: FastifyInstance, deps: { services: Services }) {
  const { payments, cases, uploads } = deps.services;

  app.get('/api/payment/config', async () => payments.config());

  // JSON {type, caseId, couponCode, formData}, or multipart with formData as JSON text and the
  // consult's diagnostic files, which are handed to the cases service once the intent exists.
  const payer = beforeUpload(uploads, () => ({ kind: 'consult' }));
  app.post('/api/payment/create-payment-intent', { preHandler: payer }, async (request) =>
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
  );

  app.post('/api/payment/apply-coupon', async (request) => payments.applyCoupon(request.actor, request.body ?? {}));

  app.post('/api/payment/confirm-payment', async (request) =>
    payments.confirmPayment(request.actor, request.body ?? {}),
  );

  if (payments.provider.name === 'test') {
    app.post('/api/payment/test-provider/confirm', async (request) =>
      payments.confirmTestCard(request.actor, request.body ?? {}),
    );
  }

  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) => {
      done(null, body);
    });
    scope.post('/api/payment/webhook', async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.from(String(request.body ?? ''));
      const signature = request.headers['stripe-signature'];
      return payments.handleWebhook(raw, Array.isArray(signature) ? signature[0] : signature);
    });
  });
}

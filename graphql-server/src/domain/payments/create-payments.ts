import type { Config } from '../../config';
import type { Db } from '../../lib/db/client';
import type { Logger } from '../../lib/logger';
import type { CasesService } from '../cases/cases.service';
import type { PaymentProvider } from './payment-provider';
import { createPaymentsService } from './payments.service';
import { createStripeProvider } from './stripe-provider';
import { createTestProvider } from './test-provider';

// The provider follows the configuration: Stripe when STRIPE_SECRET_KEY is set, else the built-in test
// provider (so a fresh machine takes payments offline with Stripe's test card numbers).

function createPaymentProvider(config: Pick<Config, 'stripe'>, db: Db): PaymentProvider {
  if (config.stripe) {
    return createStripeProvider({
      secretKey: config.stripe.secretKey,
      publishableKey: config.stripe.publishableKey,
      webhookSecret: config.stripe.webhookSecret,
    });
  }
  return createTestProvider({ db });
}

export function createPaymentsFromConfig(deps: {
  config: Pick<Config, 'stripe' | 'prices'>;
  db: Db;
  logger: Logger;
  cases: Pick<CasesService, 'caseActivated' | 'caseChanged'>;
}) {
  return createPaymentsService({
    db: deps.db,
    logger: deps.logger,
    cases: deps.cases,
    provider: createPaymentProvider(deps.config, deps.db),
    fees: deps.config.prices,
  });
}

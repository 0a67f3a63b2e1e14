import type { Db } from '../../lib/db/client';
import type { Logger } from '../../lib/logger';
import type { Actor } from '../actor';
import type { CasesService } from '../cases/cases.service';
import { createCancellation } from './cancellation';
import { createConfirmation } from './confirmation';
import { createIntents } from './intents';
import { paymentListArgs } from './payment-list';
import type { PaymentProvider } from './payment-provider';
import type { PaymentsContext } from './payment-records';
import type { Fees } from './pricing';
import { createPromotionCodes } from './promotion-codes';
import { createRefunds } from './refunds';
import { createSettlement } from './settlement';
import type { TaxOptions } from './tax';
import { createWebhook } from './webhook';

// SPEC §7 "/api/payment/*", §4 "Consultation form client flow" and "Coupon": the payment use cases, one
// module each, built over one set of adapters. Creating an intent (intents.ts), confirming it after the
// card step (confirmation.ts), the provider's webhook (webhook.ts), promotion codes (promotion-codes.ts)
// and who sees which payments (payment-list.ts); every succeeded payment activates its case through
// settlement.ts, exactly once.

export interface PaymentsServiceDeps {
  db: Db;
  logger: Logger;
  provider: PaymentProvider;
  fees: Fees;
  /** Publishes 'case.changed' after an activation commits (the cases module owns the event's shape). */
  cases: Pick<CasesService, 'caseActivated' | 'caseChanged'>;
  tax?: TaxOptions;
  now?: () => Date;
}

export function createPaymentsService(deps: PaymentsServiceDeps) {
  const { db, logger, provider, fees } = deps;
  const now = deps.now ?? (() => new Date());
  const refunds = createRefunds({ db, provider, logger, now });
  const settlement = createSettlement({ db, logger, fees, cases: deps.cases, now, refunds });
  const ctx: PaymentsContext = { db, logger, provider, fees, tax: deps.tax, now, settlement, refunds };
  return {
    provider,

    /** GET /api/payment/config: what the web client needs to show the right card form. */
    config() {
      return { provider: provider.name, publishableKey: provider.publishableKey, currency: fees.currency };
    },

    ...createIntents(ctx),
    ...createConfirmation(ctx),
    ...createWebhook(ctx),
    ...createPromotionCodes(ctx),
    ...createCancellation({ db, logger, refunds, now, cases: deps.cases }),

    /** Prisma arguments of the payments this actor may read, of one case or all of theirs. */
    listArgs: (actor: Actor | null, caseRef?: string | number | null) => paymentListArgs(db, actor, caseRef),
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;

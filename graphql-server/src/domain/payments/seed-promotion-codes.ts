import type { Db } from '../../lib/db/client';

// Demo promotion codes for the seed (called from scripts/seed-data.ts). Idempotent: an existing code
// is left as it is (its redemption count included), so seeding twice changes nothing.

const DEMO_PROMOTION_CODES = [
  { code: 'WELCOME10', name: 'Welcome 10% off', percentOff: 10 },
  { code: 'FREECONSULT', name: 'Free consultation', percentOff: 100, maxRedemptions: 100 },
  { code: 'SAVE25', name: '$25 off', amountOff: 2500 },
  { code: 'BIGORDER20', name: '20% off orders of $200+', percentOff: 20, restrictionsMinimumAmount: 20000 },
  { code: 'EXPIRED2025', name: 'Expired 2025 promotion', percentOff: 15, expiresAt: new Date('2025-01-01T00:00:00Z') },
] as const;

export async function seedPromotionCodes(db: Db, currency = 'cad'): Promise<number> {
  let created = 0;
  for (const demo of DEMO_PROMOTION_CODES) {
    const existing = await db.promotionCode.findUnique({ where: { code: demo.code } });
    if (existing) continue;
    await db.promotionCode.create({
      data: {
        code: demo.code,
        name: demo.name,
        currency,
        percentOff: 'percentOff' in demo ? demo.percentOff : null,
        amountOff: 'amountOff' in demo ? demo.amountOff : null,
        maxRedemptions: 'maxRedemptions' in demo ? demo.maxRedemptions : null,
        restrictionsMinimumAmount: 'restrictionsMinimumAmount' in demo ? demo.restrictionsMinimumAmount : null,
        expiresAt: 'expiresAt' in demo ? demo.expiresAt : null,
      },
    });
    created++;
  }
  return created;
}

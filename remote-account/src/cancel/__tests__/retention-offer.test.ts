import { planIntervalMonths } from '@clube/platform/subscription-words';
import { ANUAL, MENSAL, TRIMESTRAL, type Plan } from '../../__tests__/support/billing';
import { retentionOffer } from '../retention-offer';

/** Issue 25, item 4: the offer made to a member who finds the club expensive is never a plan that costs more. */
const ESSENCIAL: Plan = { ...MENSAL, _id: '665000000000000000000004', externalPlanId: 'plan_essencial', name: 'Essencial', priceCents: 5990, order: 0 };
const ANUAL_PROMOCIONAL: Plan = { ...TRIMESTRAL, _id: '665000000000000000000005', externalPlanId: 'plan_anual_promo', name: 'Anual Promocional', interval: 'YEARLY', priceCents: 50000, order: 4 };
const PLANS = [ESSENCIAL, MENSAL, TRIMESTRAL, ANUAL, ANUAL_PROMOCIONAL];

/** Exact per month, in cents (no rounding between two plans that differ by a centavo a month). */
const perMonth = (plan: Plan, seats: number) => (plan.priceCents * seats) / planIntervalMonths(plan.interval);
const perCycle = (plan: Plan, seats: number) => plan.priceCents * seats;

describe('retentionOffer', () => {
  for (const seats of [1, 3]) {
    for (const current of PLANS) {
      for (const candidate of PLANS.filter((plan) => plan !== current)) {
        const cheaper = perMonth(candidate, seats) < perMonth(current, seats) && perCycle(candidate, seats) < perCycle(current, seats);
        it(`When a member on ${current.name} with ${seats} seat(s) could be offered ${candidate.name}, then it is offered only if it costs less per month and per cycle (${cheaper ? 'offered' : 'not offered'})`, () => {
          expect(retentionOffer({ plan: current, seats }, [current, candidate])?.name ?? null).toBe(cheaper ? candidate.name : null);
        });
      }
      it(`When a member on ${current.name} with ${seats} seat(s) sees every plan, then what is offered (if anything) costs them less per month and per cycle, and is the nearest such step down`, () => {
        const offer = retentionOffer({ plan: current, seats }, PLANS);
        const eligible = PLANS.filter((plan) => perMonth(plan, seats) < perMonth(current, seats) && perCycle(plan, seats) < perCycle(current, seats));
        if (eligible.length === 0) expect(offer).toBeNull();
        else expect(perMonth(offer!, seats)).toBe(Math.max(...eligible.map((plan) => perMonth(plan, seats))));
      });
    }
  }

  it('When an annual member looks at the seeded plans, then nothing is offered: the Trimestral (R$ 79,97 a month) and the Mensal cost more than their R$ 71,90', () => {
    expect(retentionOffer({ plan: ANUAL, seats: 1 }, [MENSAL, TRIMESTRAL, ANUAL])).toBeNull();
  });

  it('When an inactive plan would be cheaper, then it is not offered', () => {
    expect(retentionOffer({ plan: MENSAL, seats: 1 }, [MENSAL, { ...ESSENCIAL, active: false }])).toBeNull();
  });
});

import { closeModel, history, type Action } from '../helpers/billing-model';

/**
 * Counter-examples the model-based suite found and shrank, kept by name so each stays fixed.
 * Each replays from an empty store on the same clock as the generated histories.
 */
afterAll(closeModel);

const REGRESSIONS: [string, Action[]][] = [
  // The three sequences of the hostile review, as histories of the model (also in hostile-sequences.test.ts).
  [
    'a member cancels after the renewal was issued, undoes it, and never pays (access must end)',
    [
      { kind: 'subscribe', member: 0, plan: 'mensal', method: 'PIX' },
      { kind: 'pay', member: 0, replay: false },
      { kind: 'advance', hours: 25 * 24 },
      { kind: 'cancelRequest', member: 0 },
      { kind: 'reactivate', member: 0 },
      { kind: 'advance', hours: 8 * 24 },
      { kind: 'advance', hours: 95 * 24 },
    ],
  ],
  [
    'stepwise upgrades Mensal → Trimestral → Anual, each paid (credits of refunded cycles go back)',
    [
      { kind: 'subscribe', member: 0, plan: 'mensal', method: 'PIX' },
      { kind: 'pay', member: 0, replay: false },
      { kind: 'changePlan', member: 0, plan: 'trimestral', previewFirst: true },
      { kind: 'pay', member: 0, replay: true },
      { kind: 'advance', hours: 12 },
      { kind: 'changePlan', member: 0, plan: 'anual', previewFirst: true },
      { kind: 'pay', member: 0, replay: false },
    ],
  ],
  [
    'a quarterly member 5 days before the end pays the renewal, then an upgrade (the paid quarter is credited)',
    [
      { kind: 'subscribe', member: 0, plan: 'trimestral', method: 'PIX' },
      { kind: 'pay', member: 0, replay: false },
      { kind: 'advance', hours: 87 * 24 },
      { kind: 'pay', member: 0, replay: false },
      { kind: 'changePlan', member: 0, plan: 'anual', previewFirst: true },
      { kind: 'pay', member: 0, replay: false },
      { kind: 'advance', hours: 95 * 24 },
    ],
  ],
  [
    // The renewal fell due at the very instant the period ended and was not yet late ([start, end) periods).
    'a month paid an hour after checkout, then exactly 31 days pass: the renewal is late at endDate itself',
    [
      { kind: 'subscribe', member: 0, plan: 'mensal', method: 'PIX' },
      { kind: 'payLate', member: 0, hours: 1 },
      { kind: 'advance', hours: 744 },
      { kind: 'reactivate', member: 0 },
    ],
  ],
];

describe('Billing model: shrunk counter-examples', () => {
  test.each(REGRESSIONS)('When %s, then every invariant holds after every step', async (_name, actions) => {
    await history(actions);
  });
});

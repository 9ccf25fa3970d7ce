import { closeModel, history, type Action } from '../helpers/billing-model';

/**
 * Counter-examples the model-based suite found and shrank, kept by name so each stays fixed.
 * Each replays from an empty store on the same clock as the generated histories.
 */
afterAll(closeModel);

const REGRESSIONS: [string, Action[]][] = [
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

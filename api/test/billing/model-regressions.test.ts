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
  // Laboratory accounts (issue 16): pending invitations outnumber the free seats.
  [
    'a lab of 2 seats invites two technicians and both accept: the second finds no seat',
    [
      { kind: 'subscribe', member: 0, plan: 'mensal', method: 'PIX', seats: 2 },
      { kind: 'pay', member: 0, replay: false },
      { kind: 'invite', member: 0, technician: 0 },
      { kind: 'invite', member: 0, technician: 1 },
      { kind: 'acceptInvitation', technician: 0 },
      { kind: 'acceptInvitation', technician: 1 },
      { kind: 'removeMember', member: 0, technician: 0 },
      { kind: 'acceptInvitation', technician: 1 },
    ],
  ],
  [
    'a lab of 3 seats gives one up while an invitation is pending, then the renewal is paid at 2 seats',
    [
      { kind: 'subscribe', member: 0, plan: 'mensal', method: 'PIX', seats: 3 },
      { kind: 'pay', member: 0, replay: false },
      { kind: 'invite', member: 0, technician: 0 },
      { kind: 'invite', member: 0, technician: 1 },
      { kind: 'acceptInvitation', technician: 0 },
      { kind: 'changeSeats', member: 0, seats: 2, previewFirst: true },
      { kind: 'acceptInvitation', technician: 1 },
      { kind: 'changeSeats', member: 0, seats: 1, previewFirst: false },
      { kind: 'advance', hours: 26 * 24 },
      { kind: 'pay', member: 0, replay: false },
      { kind: 'advance', hours: 6 * 24 },
      { kind: 'unlock', member: 0, item: 1 },
    ],
  ],
  [
    'a single member adds seats (upgrade), a technician joins and unlocks with the lab wallet, then the lab cancels now',
    [
      { kind: 'subscribe', member: 1, plan: 'trimestral', method: 'PIX' },
      { kind: 'pay', member: 1, replay: false },
      { kind: 'advance', hours: 20 * 24 },
      { kind: 'changeSeats', member: 1, seats: 3, previewFirst: true },
      { kind: 'pay', member: 1, replay: false },
      { kind: 'invite', member: 1, technician: 2 },
      { kind: 'acceptInvitation', technician: 2 },
      { kind: 'cancelNow', member: 1, byAdmin: false },
    ],
  ],
  // Pix Automático (issue 28): the journeys the generated histories reach only now and then, kept by name.
  [
    'Pix Automático: authorized, the renewal debited, the next one fails three retries and goes overdue, then the member cancels',
    [
      { kind: 'subscribe', member: 0, plan: 'mensal', method: 'PIX', automatic: true },
      { kind: 'pay', member: 0, replay: true },
      { kind: 'authorize', member: 0 },
      { kind: 'advance', hours: 24 * 24 },
      { kind: 'debit', member: 0, ok: true },
      { kind: 'advance', hours: 24 * 24 },
      { kind: 'debit', member: 0, ok: false },
      { kind: 'debit', member: 0, ok: false },
      { kind: 'debit', member: 0, ok: false },
      { kind: 'debit', member: 0, ok: false },
      { kind: 'advance', hours: 2 * 24 },
      { kind: 'pay', member: 0, replay: false },
      { kind: 'cancelNow', member: 0, byAdmin: true },
    ],
  ],
  [
    'Pix Automático: the payer rejects, or cancels at the bank after a debit was scheduled, and a plan change ends it',
    [
      { kind: 'subscribe', member: 0, plan: 'trimestral', method: 'PIX', automatic: true },
      { kind: 'subscribe', member: 1, plan: 'mensal', method: 'PIX', automatic: true },
      { kind: 'pay', member: 0, replay: false },
      { kind: 'pay', member: 1, replay: false },
      { kind: 'reject', member: 1 },
      { kind: 'authorize', member: 0 },
      { kind: 'advance', hours: 85 * 24 },
      { kind: 'payerCancels', member: 0 },
      { kind: 'debit', member: 0, ok: true },
      { kind: 'advance', hours: 8 * 24 },
      { kind: 'pay', member: 0, replay: false },
      { kind: 'changePlan', member: 0, plan: 'anual', previewFirst: true },
      { kind: 'deactivate', member: 0 },
    ],
  ],
  [
    'Pix Automático: a cancel request after the debit was scheduled, undone, then the failed debit paid by PIX',
    [
      { kind: 'subscribe', member: 0, plan: 'mensal', method: 'PIX', automatic: true },
      { kind: 'pay', member: 0, replay: false },
      { kind: 'authorize', member: 0 },
      { kind: 'advance', hours: 24 * 24 },
      { kind: 'debit', member: 0, ok: false },
      { kind: 'cancelRequest', member: 0 },
      { kind: 'reactivate', member: 0 },
      { kind: 'pay', member: 0, replay: true },
      { kind: 'advance', hours: 31 * 24 },
    ],
  ],
];

describe('Billing model: shrunk counter-examples', () => {
  test.each(REGRESSIONS)('When %s, then every invariant holds after every step', async (_name, actions) => {
    await history(actions);
  });
});

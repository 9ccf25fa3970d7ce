import { Type } from 'typebox';

/**
 * The stand-in PSP's own actions (not API Pix: a real bank has no such route; its payers pay in
 * their bank's app). `POST /stand-in/cob/{txid}/pagar` answers this.
 */
export const StandInPayBody = Type.Object(
  {
    /** false: the payment happens but the callback is "lost" (reconciliation must find it). */
    entregarCallback: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** What the API answered the callback, or null when it was not delivered. */
export const StandInPayAnswer = Type.Object({
  endToEndId: Type.String(),
  callback: Type.Union([Type.Null(), Type.Object({ status: Type.Integer(), body: Type.Unknown() })]),
});

/** `POST /stand-in/cobr/{txid}/debitar`: the payer's bank settles the scheduled debit, or fails to. */
export const StandInDebitBody = Type.Object(
  {
    resultado: Type.Enum(['ok', 'falha']),
    /** false: the callback is "lost" (reconciliation must find the outcome). */
    entregarCallback: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** What a payer's action on a recurrence or recurring charge left, and what the API answered its callback. */
export const StandInActionAnswer = Type.Object({
  status: Type.String(),
  callback: Type.Union([Type.Null(), Type.Object({ status: Type.Integer(), body: Type.Unknown() })]),
});

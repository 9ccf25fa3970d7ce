import type { PlanInterval } from '../../modules/plans/documents';
import type {
  PixAutomaticPort,
  RecurrenceCreated,
  RecurrenceReading,
  RecurrenceRequest,
  RecurringChargeReading,
  RecurringChargeRequest,
} from './gateway';
import { PixApiProblemError, PixApiUnavailableError, pixUnavailable, type PixApiClient } from './pix-api-client';
import {
  CobR,
  CobRCancellation,
  CobRRequest,
  EmptyAnswer,
  LocRec,
  Rec,
  RecCancellation,
  RecRequest,
  WebhookConfig,
  type CobRAnswer,
  type CobRRequestBody,
  type LocRecAnswer,
  type PeriodicidadeValue,
  type RecAnswer,
  type RecRequestBody,
} from './pix-api-schemas';

/** The club's account at the PSP, where recurring charges are credited (`recebedor` of `PUT /cobr`). */
export interface ReceiverAccount {
  agencia?: string;
  conta: string;
  tipoConta: 'CORRENTE' | 'POUPANCA' | 'PAGAMENTO';
}

export const PERIODICIDADE: Record<PlanInterval, PeriodicidadeValue> = { MONTHLY: 'MENSAL', QUARTERLY: 'TRIMESTRAL', YEARLY: 'ANUAL' };

const toValor = (cents: number) => (cents / 100).toFixed(2);
const toCents = (valor: string) => Math.round(Number(valor) * 100);

/** A 4xx other than "not found" is the PSP refusing; 404 means it does not know the id. */
const notFound = (error: unknown) => error instanceof PixApiProblemError && error.status === 404;

/**
 * Pix Automático over API Pix 2.9.0: the recurrence (`/locrec`, `/rec`), activated by the composite
 * QR of JORNADA_3 (the immediate charge of the first cycle + the recurrence, one scan), and each
 * later cycle's recurring charge (`/cobr`), which the payer's bank debits on its due date.
 * Every body and answer is checked by the client against pix-api-schemas.ts.
 */
export class PixApiAutomatic implements PixAutomaticPort {
  constructor(
    private readonly client: PixApiClient,
    private readonly receiver: ReceiverAccount,
  ) {}

  /** A PSP down or slow: the member's "Não foi possível gerar o PIX agora" (503). */
  async createRecurrence(request: RecurrenceRequest): Promise<RecurrenceCreated> {
    try {
      return await this.recurrenceWithQr(request);
    } catch (error) {
      throw error instanceof PixApiUnavailableError ? pixUnavailable() : error;
    }
  }

  private async recurrenceWithQr(request: RecurrenceRequest): Promise<RecurrenceCreated> {
    const loc = await this.client.call<LocRecAnswer>({ method: 'POST', path: '/locrec', scopes: ['payloadlocationrec.write'], responseSchema: LocRec, txid: request.firstTxid });
    const body: RecRequestBody = {
      vinculo: {
        objeto: request.object.slice(0, 35),
        contrato: request.contract.slice(0, 35),
        devedor: 'cpf' in request.debtor ? { cpf: request.debtor.cpf, nome: request.debtor.name.slice(0, 140) } : { cnpj: request.debtor.cnpj, nome: request.debtor.name.slice(0, 140) },
      },
      calendario: { dataInicial: request.startDate, periodicidade: PERIODICIDADE[request.interval] },
      valor: { valorRec: toValor(request.amountCents) },
      politicaRetentativa: request.retryPolicy,
      loc: loc.id,
      ativacao: { dadosJornada: { txid: request.firstTxid } },
    };
    const rec = await this.client.call<RecAnswer>({ method: 'POST', path: '/rec', scopes: ['rec.write'], requestSchema: RecRequest, body, responseSchema: Rec, txid: request.firstTxid });
    // The composite QR: the recurrence read with the immediate charge's txid (RecCompleta.dadosQR).
    const withQr = await this.client.call<RecAnswer>({
      method: 'GET',
      path: `/rec/${rec.idRec}?txid=${encodeURIComponent(request.firstTxid)}`,
      scopes: ['rec.read'],
      responseSchema: Rec,
      txid: request.firstTxid,
    });
    if (withQr.dadosQR?.jornada !== 'JORNADA_3') throw new PixApiUnavailableError(`a recorrência ${rec.idRec} voltou sem o QR composto da JORNADA_3`);
    return { idRec: rec.idRec, payload: withQr.dadosQR.pixCopiaECola };
  }

  async readRecurrence(idRec: string): Promise<RecurrenceReading | null> {
    try {
      return recurrenceReading(await this.client.call<RecAnswer>({ method: 'GET', path: `/rec/${idRec}`, scopes: ['rec.read'], responseSchema: Rec }));
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
  }

  async cancelRecurrence(idRec: string): Promise<void> {
    try {
      await this.client.call({ method: 'PATCH', path: `/rec/${idRec}`, scopes: ['rec.write'], requestSchema: RecCancellation, body: { status: 'CANCELADA' }, responseSchema: Rec });
    } catch (error) {
      // Already cancelled, rejected or expired: nothing left to cancel.
      if (!(error instanceof PixApiProblemError && error.status < 500)) throw error;
    }
  }

  async createRecurringCharge(request: RecurringChargeRequest): Promise<RecurringChargeReading> {
    const body: CobRRequestBody = {
      idRec: request.idRec,
      infoAdicional: request.description.slice(0, 140),
      calendario: { dataDeVencimento: request.dueDate },
      valor: { original: toValor(request.amountCents) },
      ajusteDiaUtil: true,
      recebedor: { ...(this.receiver.agencia ? { agencia: this.receiver.agencia } : {}), conta: this.receiver.conta, tipoConta: this.receiver.tipoConta },
    };
    try {
      return chargeReading(
        await this.client.call<CobRAnswer>({ method: 'PUT', path: `/cobr/${request.txid}`, scopes: ['cobr.write'], requestSchema: CobRRequest, body, responseSchema: CobR, txid: request.txid }),
      );
    } catch (error) {
      // A retry after a timeout whose first request reached the PSP: the same charge exists already.
      if (!(error instanceof PixApiProblemError)) throw error;
      const existing = await this.readRecurringCharge(request.txid);
      if (existing && existing.idRec === request.idRec && existing.amountCents === request.amountCents && existing.dueDate === request.dueDate) return existing;
      throw error;
    }
  }

  async readRecurringCharge(txid: string): Promise<RecurringChargeReading | null> {
    try {
      return chargeReading(await this.client.call<CobRAnswer>({ method: 'GET', path: `/cobr/${txid}`, scopes: ['cobr.read'], responseSchema: CobR, txid }));
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
  }

  async retryRecurringCharge(txid: string, date: string): Promise<RecurringChargeReading> {
    return chargeReading(await this.client.call<CobRAnswer>({ method: 'POST', path: `/cobr/${txid}/retentativa/${date}`, scopes: ['cobr.write'], responseSchema: CobR, txid }));
  }

  async cancelRecurringCharge(txid: string): Promise<void> {
    try {
      await this.client.call({ method: 'PATCH', path: `/cobr/${txid}`, scopes: ['cobr.write'], requestSchema: CobRCancellation, body: { status: 'CANCELADA' }, responseSchema: CobR, txid });
    } catch (error) {
      if (!(error instanceof PixApiProblemError && error.status < 500)) throw error;
    }
  }

  async registerRecurrenceWebhooks(webhookUrl: string): Promise<void> {
    await this.client.call({ method: 'PUT', path: '/webhookrec', scopes: ['webhookrec.write'], requestSchema: WebhookConfig, body: { webhookUrl }, responseSchema: EmptyAnswer });
    await this.client.call({ method: 'PUT', path: '/webhookcobr', scopes: ['webhookcobr.write'], requestSchema: WebhookConfig, body: { webhookUrl }, responseSchema: EmptyAnswer });
  }
}

export function recurrenceReading(rec: Pick<RecAnswer, 'idRec' | 'status' | 'valor' | 'politicaRetentativa' | 'encerramento'>): RecurrenceReading {
  const cancelled = rec.encerramento?.cancelamento;
  const ended = cancelled ?? rec.encerramento?.rejeicao;
  return {
    idRec: rec.idRec,
    status: rec.status,
    amountCents: rec.valor?.valorRec ? toCents(rec.valor.valorRec) : null,
    retryPolicy: rec.politicaRetentativa,
    ended: ended ? { by: cancelled ? cancelled.solicitante : null, code: ended.codigo, description: ended.descricao } : null,
  };
}

export function chargeReading(cobr: CobRAnswer): RecurringChargeReading {
  return {
    txid: cobr.txid,
    idRec: cobr.idRec,
    status: cobr.status,
    amountCents: toCents(cobr.valor.original),
    dueDate: cobr.calendario.dataDeVencimento,
    retryPolicy: cobr.politicaRetentativa ?? null,
    attempts: (cobr.tentativas ?? []).map((attempt) => ({
      date: attempt.dataLiquidacao,
      status: attempt.status,
      endToEndId: attempt.endToEndId,
      failure: attempt.rejeicao ? `${attempt.rejeicao.codigo}: ${attempt.rejeicao.descricao}` : null,
    })),
    payments: (cobr.pix ?? []).map((pix) => ({ endToEndId: pix.endToEndId, amountCents: toCents(pix.valor), paidAt: pix.horario })),
  };
}

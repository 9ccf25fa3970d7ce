import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';
import {
  CobRCancellation,
  CobRRequest,
  RecCancellation,
  RecRequest,
  WebhookConfig,
  type CobAnswer,
  type CobRAnswer,
  type CobRRequestBody,
  type LocRecAnswer,
  type PixScope,
  type RecAnswer,
  type RecRequestBody,
  type TentativaAnswer,
} from '../pix-api-schemas';
import { buildDynamicPixPayload } from '../pix-br-code';
import { StandInDebitBody } from './stand-in-schemas';

/** What the stand-in's Pix Automático keeps (tests read and steer it). */
export interface StandInAutomaticState {
  readonly locrecs: Map<number, LocRecAnswer>;
  readonly recs: Map<string, RecAnswer>;
  readonly cobrs: Map<string, CobRAnswer>;
  /** Where `/rec` and `/cobr` callbacks go (`PUT /webhookrec`, `PUT /webhookcobr`). */
  readonly recurrenceWebhooks: { rec: string | null; cobr: string | null };
}

/** The helpers of stand-in-psp.ts the Pix Automático routes share. */
export interface StandInContext {
  authorized(request: FastifyRequest, reply: FastifyReply, scope: PixScope): boolean;
  valid(reply: FastifyReply, schema: TSchema, body: unknown): boolean;
  problem(reply: FastifyReply, status: number, type: string, title: string, detail?: string): FastifyReply;
  endToEndId(at: Date): string;
  now(): Date;
  charges: Map<string, CobAnswer>;
  merchantName: string;
  merchantCity: string;
}

/** The stand-in's own CNPJ as the recurrence's receiver (a made-up one: this is not a bank). */
const RECEIVER_CNPJ = '00000000000191';
const ISPB = '99999999';
const DAY_MS = 24 * 60 * 60 * 1000;
/** The Pix Automático rules: a cycle's charge reaches the payer's bank 2 to 10 days before it is due. */
export const COBR_MIN_DAYS_BEFORE = 2;
export const COBR_MAX_DAYS_BEFORE = 10;
/** `PERMITE_3R_7D`: at most 3 retries, within 7 days after the due date. */
const MAX_RETRIES = 3;
const RETRY_WINDOW_DAYS = 7;

const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** A deliverable callback: the API's answer, or null when it did not arrive (or was "lost" on purpose). */
async function deliver(url: string | null, suffix: '/rec' | '/cobr', body: unknown, send: boolean): Promise<{ status: number; body: unknown } | null> {
  if (!url || !send) return null;
  try {
    const response = await fetch(`${url}${suffix}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(10_000) });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
  } catch {
    return null;
  }
}

/**
 * The stand-in PSP's Pix Automático (API Pix 2.9.0): `/locrec`, `/rec`, `/rec/{idRec}` (with the
 * composite QR of JORNADA_3 when read with the first charge's txid), `/cobr`, `/cobr/{txid}`,
 * `/cobr/{txid}/retentativa/{data}`, `/webhookrec`, `/webhookcobr`, each with its OAuth2 scope; and
 * the payer's side, which a real bank has in its app: approve or reject the authorization, cancel
 * it, and the debit of a recurring charge on its date succeeding or failing. Every change is sent
 * to the registered `/rec` or `/cobr` callback, as a bank would.
 */
export function registerStandInAutomatic(app: FastifyInstance, context: StandInContext): StandInAutomaticState {
  const { authorized, valid, problem } = context;
  const state: StandInAutomaticState = { locrecs: new Map(), recs: new Map(), cobrs: new Map(), recurrenceWebhooks: { rec: null, cobr: null } };
  const stamp = () => context.now().toISOString();

  const setRecStatus = (rec: RecAnswer, status: RecAnswer['status'], encerramento?: RecAnswer['encerramento']) => {
    rec.status = status;
    rec.atualizacao.push({ status, data: stamp() });
    if (encerramento) rec.encerramento = encerramento;
  };
  const setCobrStatus = (cobr: CobRAnswer, status: CobRAnswer['status']) => {
    cobr.status = status;
    cobr.atualizacao.push({ status, data: stamp() });
  };
  const recNotice = (rec: RecAnswer) => ({
    recs: [{ idRec: rec.idRec, status: rec.status, atualizacao: rec.atualizacao, ...(rec.encerramento ? { encerramento: rec.encerramento } : {}), ...(rec.ativacao ? { ativacao: rec.ativacao } : {}) }],
  });
  const cobrNotice = (cobr: CobRAnswer) => ({
    cobsr: [
      {
        idRec: cobr.idRec,
        txid: cobr.txid,
        status: cobr.status,
        atualizacao: cobr.atualizacao,
        ...(cobr.encerramento ? { encerramento: cobr.encerramento } : {}),
        ...(cobr.tentativas ? { tentativas: cobr.tentativas } : {}),
        ...(cobr.pix ? { pix: cobr.pix } : {}),
      },
    ],
  });
  const notifyRec = (rec: RecAnswer, send = true) => deliver(state.recurrenceWebhooks.rec, '/rec', recNotice(rec), send);
  const notifyCobr = (cobr: CobRAnswer, send = true) => deliver(state.recurrenceWebhooks.cobr, '/cobr', cobrNotice(cobr), send);
  /** A recurrence that ends takes its open charges with it. */
  const cancelOpenCharges = async (idRec: string) => {
    for (const cobr of state.cobrs.values()) {
      if (cobr.idRec !== idRec || (cobr.status !== 'CRIADA' && cobr.status !== 'ATIVA')) continue;
      setCobrStatus(cobr, 'CANCELADA');
      for (const attempt of cobr.tentativas ?? []) if (attempt.status === 'AGENDADA' || attempt.status === 'SOLICITADA') attempt.status = 'CANCELADA';
      await notifyCobr(cobr);
    }
  };
  const attempt = (date: string, tipo: TentativaAnswer['tipo']): TentativaAnswer => ({
    dataLiquidacao: date,
    tipo,
    status: 'AGENDADA',
    endToEndId: context.endToEndId(context.now()),
    atualizacao: [{ status: 'AGENDADA', data: stamp() }],
  });

  app.post('/locrec', async (request, reply) => {
    if (!authorized(request, reply, 'payloadlocationrec.write')) return reply;
    const id = state.locrecs.size + 1;
    const loc: LocRecAnswer = { id, location: `127.0.0.1/stand-in/rec/v2/${randomBytes(12).toString('hex')}`, criacao: stamp() };
    state.locrecs.set(id, loc);
    return reply.code(201).send({ ...loc, tipo: 'rec' });
  });

  app.post('/rec', async (request, reply) => {
    if (!authorized(request, reply, 'rec.write') || !valid(reply, RecRequest, request.body)) return reply;
    const body = request.body as RecRequestBody;
    const loc = state.locrecs.get(body.loc);
    if (!loc) return problem(reply, 400, 'RecOperacaoInvalida', 'Location inexistente', `loc ${body.loc} não foi criada por POST /locrec`);
    if (loc.idRec) return problem(reply, 400, 'RecOperacaoInvalida', 'Location já vinculada a outra recorrência');
    const cob = context.charges.get(body.ativacao.dadosJornada.txid);
    if (!cob || cob.status !== 'ATIVA') return problem(reply, 400, 'RecOperacaoInvalida', 'Cobrança da jornada 3 inexistente ou não ATIVA');
    const now = context.now();
    const retries = body.politicaRetentativa === 'PERMITE_3R_7D' ? 'R' : 'N';
    const idRec = `R${retries}${ISPB}${dayOf(now).replace(/-/g, '')}${randomBytes(8).toString('hex').toUpperCase().slice(0, 11)}`;
    loc.idRec = idRec;
    const rec: RecAnswer = {
      idRec,
      vinculo: { ...(body.vinculo.objeto ? { objeto: body.vinculo.objeto } : {}), contrato: body.vinculo.contrato, devedor: { nome: body.vinculo.devedor.nome } },
      calendario: body.calendario,
      valor: { valorRec: body.valor.valorRec },
      recebedor: { cnpj: RECEIVER_CNPJ, nome: context.merchantName },
      politicaRetentativa: body.politicaRetentativa,
      status: 'CRIADA',
      loc: { id: loc.id, location: loc.location, criacao: loc.criacao },
      atualizacao: [{ status: 'CRIADA', data: now.toISOString() }],
      ativacao: { tipoJornada: 'JORNADA_3', dadosJornada: { txid: body.ativacao.dadosJornada.txid } },
    };
    state.recs.set(idRec, rec);
    return reply.code(201).send(rec);
  });

  app.get<{ Params: { idRec: string }; Querystring: { txid?: string } }>('/rec/:idRec', async (request, reply) => {
    if (!authorized(request, reply, 'rec.read')) return reply;
    const rec = state.recs.get(request.params.idRec);
    if (!rec) return problem(reply, 404, 'RecNaoEncontrado', 'Recorrência não encontrada');
    const cob = request.query.txid ? context.charges.get(request.query.txid) : undefined;
    if (!cob || rec.ativacao?.dadosJornada?.txid !== cob.txid || !cob.location || !rec.loc) return rec;
    // RecCompleta.dadosQR: the composite QR (the charge's location + the recurrence's).
    const pixCopiaECola = buildDynamicPixPayload({
      location: cob.location,
      recurrenceLocation: rec.loc.location,
      merchantName: context.merchantName,
      merchantCity: context.merchantCity,
      amountCents: Math.round(Number(cob.valor.original) * 100),
    });
    return { ...rec, dadosQR: { jornada: 'JORNADA_3', pixCopiaECola } };
  });

  app.patch<{ Params: { idRec: string } }>('/rec/:idRec', async (request, reply) => {
    if (!authorized(request, reply, 'rec.write') || !valid(reply, RecCancellation, request.body)) return reply;
    const rec = state.recs.get(request.params.idRec);
    if (!rec) return problem(reply, 404, 'RecNaoEncontrado', 'Recorrência não encontrada');
    if (rec.status !== 'CRIADA' && rec.status !== 'APROVADA') return problem(reply, 400, 'RecOperacaoInvalida', `A recorrência está ${rec.status}`);
    setRecStatus(rec, 'CANCELADA', { cancelamento: { solicitante: 'USUARIO_RECEBEDOR', codigo: 'ACCR', descricao: 'Cancelada pelo recebedor' } });
    await cancelOpenCharges(rec.idRec);
    await notifyRec(rec);
    return rec;
  });

  const createCobr = async (request: FastifyRequest, reply: FastifyReply, txid: string) => {
    if (!authorized(request, reply, 'cobr.write') || !valid(reply, CobRRequest, request.body)) return reply;
    if (state.cobrs.has(txid)) return problem(reply, 400, 'CobROperacaoInvalida', 'txid já utilizado', `txid ${txid} já foi usado`);
    const body = request.body as CobRRequestBody;
    const rec = state.recs.get(body.idRec);
    if (!rec) return problem(reply, 400, 'CobROperacaoInvalida', 'Recorrência inexistente');
    if (rec.status !== 'APROVADA') return problem(reply, 400, 'CobROperacaoInvalida', `A recorrência está ${rec.status}`);
    if (rec.valor?.valorRec && rec.valor.valorRec !== body.valor.original) return problem(reply, 400, 'CobROperacaoInvalida', 'Valor diferente do valor da recorrência');
    const ahead = daysBetween(dayOf(context.now()), body.calendario.dataDeVencimento);
    if (ahead < COBR_MIN_DAYS_BEFORE || ahead > COBR_MAX_DAYS_BEFORE) {
      return problem(reply, 400, 'CobROperacaoInvalida', 'Data de vencimento fora da janela', `a cobrança deve chegar de ${COBR_MIN_DAYS_BEFORE} a ${COBR_MAX_DAYS_BEFORE} dias antes do vencimento (faltam ${ahead})`);
    }
    const cobr: CobRAnswer = {
      idRec: body.idRec,
      txid,
      ...(body.infoAdicional ? { infoAdicional: body.infoAdicional } : {}),
      calendario: { criacao: dayOf(context.now()), dataDeVencimento: body.calendario.dataDeVencimento },
      valor: body.valor,
      ajusteDiaUtil: body.ajusteDiaUtil,
      recebedor: { conta: body.recebedor.conta, tipoConta: body.recebedor.tipoConta },
      status: 'ATIVA',
      politicaRetentativa: rec.politicaRetentativa,
      atualizacao: [
        { status: 'CRIADA', data: stamp() },
        { status: 'ATIVA', data: stamp() },
      ],
      tentativas: [attempt(body.calendario.dataDeVencimento, 'AGND')],
    };
    state.cobrs.set(txid, cobr);
    return reply.code(201).send(cobr);
  };
  app.put<{ Params: { txid: string } }>('/cobr/:txid', async (request, reply) => {
    if (!/^[a-zA-Z0-9]{26,35}$/.test(request.params.txid)) return problem(reply, 400, 'RequisicaoInvalida', 'txid inválido');
    return createCobr(request, reply, request.params.txid);
  });
  app.post('/cobr', async (request, reply) => createCobr(request, reply, randomBytes(16).toString('hex')));

  app.get<{ Params: { txid: string } }>('/cobr/:txid', async (request, reply) => {
    if (!authorized(request, reply, 'cobr.read')) return reply;
    return state.cobrs.get(request.params.txid) ?? problem(reply, 404, 'CobRNaoEncontrado', 'Cobrança recorrente não encontrada');
  });

  app.patch<{ Params: { txid: string } }>('/cobr/:txid', async (request, reply) => {
    if (!authorized(request, reply, 'cobr.write') || !valid(reply, CobRCancellation, request.body)) return reply;
    const cobr = state.cobrs.get(request.params.txid);
    if (!cobr) return problem(reply, 404, 'CobRNaoEncontrado', 'Cobrança recorrente não encontrada');
    if (cobr.status !== 'CRIADA' && cobr.status !== 'ATIVA') return problem(reply, 400, 'CobROperacaoInvalida', `A cobrança está ${cobr.status}`);
    setCobrStatus(cobr, 'CANCELADA');
    await notifyCobr(cobr);
    return cobr;
  });

  app.post<{ Params: { txid: string; data: string } }>('/cobr/:txid/retentativa/:data', async (request, reply) => {
    if (!authorized(request, reply, 'cobr.write')) return reply;
    const cobr = state.cobrs.get(request.params.txid);
    if (!cobr) return problem(reply, 404, 'CobRNaoEncontrado', 'Cobrança recorrente não encontrada');
    const { data } = request.params;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(data) || Number.isNaN(Date.parse(data))) return problem(reply, 400, 'RequisicaoInvalida', 'Data inválida');
    const attempts = cobr.tentativas ?? [];
    const last = attempts.at(-1);
    if (cobr.status !== 'ATIVA' || last?.status !== 'REJEITADA') return problem(reply, 400, 'CobROperacaoInvalida', 'Só uma cobrança ATIVA cuja última tentativa falhou admite retentativa');
    if (cobr.politicaRetentativa !== 'PERMITE_3R_7D') return problem(reply, 400, 'CobROperacaoInvalida', 'A recorrência não permite retentativas');
    if (attempts.length - 1 >= MAX_RETRIES) return problem(reply, 400, 'CobROperacaoInvalida', `Já houve ${MAX_RETRIES} retentativas`);
    const afterDue = daysBetween(cobr.calendario.dataDeVencimento, data);
    if (data < dayOf(context.now()) || afterDue < 1 || afterDue > RETRY_WINDOW_DAYS) {
      return problem(reply, 400, 'CobROperacaoInvalida', 'Data fora da janela de retentativa', `de amanhã até ${RETRY_WINDOW_DAYS} dias após o vencimento`);
    }
    cobr.tentativas = [...attempts, attempt(data, 'NTAG')];
    await notifyCobr(cobr);
    return reply.code(201).send(cobr);
  });

  for (const kind of ['rec', 'cobr'] as const) {
    app.put(`/webhook${kind}`, async (request, reply) => {
      if (!authorized(request, reply, `webhook${kind}.write`) || !valid(reply, WebhookConfig, request.body)) return reply;
      state.recurrenceWebhooks[kind] = (request.body as { webhookUrl: string }).webhookUrl;
      return reply.code(200).send({});
    });
  }

  // --- Not API Pix: the payer's side, which a real bank has in its app -------------------------

  const payerAction = (path: string, act: (rec: RecAnswer, reply: FastifyReply) => FastifyReply | undefined) =>
    app.post<{ Params: { idRec: string } }>(`/stand-in/rec/:idRec/${path}`, async (request, reply) => {
      if (!authorized(request, reply, 'rec.read')) return reply;
      const rec = state.recs.get(request.params.idRec);
      if (!rec) return problem(reply, 404, 'RecNaoEncontrado', 'Recorrência não encontrada');
      const refused = act(rec, reply);
      if (refused) return refused;
      if (rec.status === 'CANCELADA') await cancelOpenCharges(rec.idRec);
      return { status: rec.status, callback: await notifyRec(rec) };
    });
  payerAction('aprovar', (rec, reply) => {
    if (rec.status !== 'CRIADA') return problem(reply, 400, 'RecOperacaoInvalida', `A recorrência está ${rec.status}`);
    setRecStatus(rec, 'APROVADA');
    return undefined;
  });
  payerAction('rejeitar', (rec, reply) => {
    if (rec.status !== 'CRIADA') return problem(reply, 400, 'RecOperacaoInvalida', `A recorrência está ${rec.status}`);
    setRecStatus(rec, 'REJEITADA', { rejeicao: { codigo: 'AP13', descricao: 'O pagador recusou a autorização' } });
    return undefined;
  });
  payerAction('cancelar', (rec, reply) => {
    if (rec.status !== 'APROVADA') return problem(reply, 400, 'RecOperacaoInvalida', `A recorrência está ${rec.status}`);
    setRecStatus(rec, 'CANCELADA', { cancelamento: { solicitante: 'USUARIO_PAGADOR', codigo: 'ACCP', descricao: 'Cancelada pelo pagador' } });
    return undefined;
  });

  /** The payer's bank settles the scheduled attempt: the money moves (`ok`) or the debit fails (`falha`). */
  app.post<{ Params: { txid: string } }>('/stand-in/cobr/:txid/debitar', async (request, reply) => {
    if (!authorized(request, reply, 'cobr.read') || !valid(reply, StandInDebitBody, request.body)) return reply;
    const { resultado, entregarCallback } = request.body as { resultado: 'ok' | 'falha'; entregarCallback?: boolean };
    const cobr = state.cobrs.get(request.params.txid);
    if (!cobr) return problem(reply, 404, 'CobRNaoEncontrado', 'Cobrança recorrente não encontrada');
    const scheduled = (cobr.tentativas ?? []).at(-1);
    if (cobr.status !== 'ATIVA' || scheduled?.status !== 'AGENDADA') return problem(reply, 400, 'CobROperacaoInvalida', 'Nenhuma tentativa agendada');
    if (resultado === 'ok') {
      scheduled.status = 'PAGA';
      scheduled.atualizacao.push({ status: 'PAGA', data: stamp() });
      cobr.pix = [{ endToEndId: scheduled.endToEndId, txid: cobr.txid, valor: cobr.valor.original, horario: stamp() }];
      setCobrStatus(cobr, 'CONCLUIDA');
    } else {
      scheduled.status = 'REJEITADA';
      scheduled.atualizacao.push({ status: 'REJEITADA', data: stamp() });
      scheduled.rejeicao = { codigo: 'AM04', descricao: 'Saldo insuficiente' };
      const retriesLeft = cobr.politicaRetentativa === 'PERMITE_3R_7D' && (cobr.tentativas ?? []).length - 1 < MAX_RETRIES;
      if (!retriesLeft) {
        setCobrStatus(cobr, 'REJEITADA');
        cobr.encerramento = { rejeicao: { codigo: 'AM04', descricao: 'Saldo insuficiente' } };
      }
    }
    return { status: cobr.status, callback: await notifyCobr(cobr, entregarCallback !== false) };
  });

  return state;
}

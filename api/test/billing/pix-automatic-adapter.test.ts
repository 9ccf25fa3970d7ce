import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc16Hex } from '../../src/plugins/payment-gateway/crc16';
import type { RecurrenceRequest } from '../../src/plugins/payment-gateway/gateway';
import { PixApiClient, PixApiProblemError, PixApiUnavailableError, schemaErrors } from '../../src/plugins/payment-gateway/pix-api-client';
import { PixApiGateway } from '../../src/plugins/payment-gateway/pix-api-gateway';
import { CobRCallback, RecCallback, type CobRCallbackBody, type RecCallbackBody } from '../../src/plugins/payment-gateway/pix-api-schemas';
import { PixApiAutomatic } from '../../src/plugins/payment-gateway/pix-automatic';
import { ensureStandInCertificates } from '../../src/plugins/payment-gateway/stand-in/certificates';
import { startPixStandIn, type StandInPsp } from '../../src/plugins/payment-gateway/stand-in/stand-in-psp';

/**
 * Pix Automático over real mutual TLS and OAuth2: the club's adapter (pix-automatic.ts) against the
 * stand-in PSP, each request and answer checked against the API Pix 2.9.0 schemas on both sides,
 * and the stand-in's `/rec` and `/cobr` callbacks received by a real HTTP server.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'clube-pix-auto-'));
const silentLog = { info: () => {}, warn: () => {}, error: () => {} } as never;
let clock = new Date('2026-03-10T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const day = (offsetDays: number) => new Date(clock.getTime() + offsetDays * DAY).toISOString().slice(0, 10);
let psp: StandInPsp;
let client: PixApiClient;
let gateway: PixApiGateway;
let automatic: PixApiAutomatic;
let receiver: Server;
const received: { path: string; body: unknown }[] = [];
let receiverAnswer = 200;

const certificates = () => ensureStandInCertificates(dir);
const credentials = (overrides = {}) => ({
  baseUrl: psp.url,
  clientId: 'clube-stand-in',
  clientSecret: 'clube-stand-in-secret',
  certificate: { cert: certificates().clientCert, key: certificates().clientKey },
  ca: certificates().ca,
  ...overrides,
});

beforeAll(async () => {
  psp = await startPixStandIn({ certificates: certificates(), clientId: 'clube-stand-in', clientSecret: 'clube-stand-in-secret', port: 0, merchantName: 'Clube', merchantCity: 'Sao Paulo', now: () => clock });
  client = new PixApiClient(credentials(), silentLog);
  gateway = new PixApiGateway({ client, pixKey: 'pix@clube.local', pixTtlMs: DAY, now: () => clock, log: silentLog, receiverAccount: { agencia: '0001', conta: '1234567', tipoConta: 'CORRENTE' } });
  automatic = gateway.pixAutomatic as PixApiAutomatic;
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown });
      response.writeHead(receiverAnswer, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  await automatic.registerRecurrenceWebhooks(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/v1/webhooks/pix-api/segredo`);
});

afterAll(async () => {
  client.close();
  await psp.close();
  await new Promise((resolve) => receiver.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  clock = new Date('2026-03-10T12:00:00.000Z');
  received.length = 0;
  receiverAnswer = 200;
});

let invoices = 0;
/** The first cycle's immediate charge, then the recurrence that rides on it (JORNADA_3). */
async function newRecurrence(overrides: Partial<RecurrenceRequest> = {}) {
  invoices += 1;
  const invoiceId = invoices.toString(16).padStart(24, '0');
  const first = await gateway.createCharge({ invoiceId, kind: 'FIRST', customerId: 'c', amountCents: 8990, dueDate: clock, paymentMethod: 'PIX', description: 'Plano Mensal' });
  const request: RecurrenceRequest = {
    contract: `SUB${invoiceId}`,
    object: 'Clube — Plano Mensal',
    debtor: { cpf: '52998224725', name: 'Ana Souza' },
    startDate: day(30),
    interval: 'MONTHLY',
    amountCents: 8990,
    retryPolicy: 'PERMITE_3R_7D',
    firstTxid: first.pix!.txid,
    ...overrides,
  };
  const created = await automatic.createRecurrence(request);
  return { ...created, firstTxid: first.pix!.txid, request };
}

/** The payer's side at the stand-in (their bank's app). */
const payer = <T = { status: string; callback: { status: number; body: unknown } | null }>(path: string, body?: unknown) =>
  client.call<T>({ method: 'POST', path, scopes: ['rec.read', 'cobr.read'], body, responseSchema: {} as never });

/** Fields of a BR Code (ID + 2-digit length + value), one level. */
function brCodeFields(payload: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (let at = 0; at < payload.length; ) {
    const id = payload.slice(at, at + 2);
    const length = Number(payload.slice(at + 2, at + 4));
    fields.set(id, payload.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return fields;
}

describe('Pix Automático adapter against the stand-in PSP (mTLS + OAuth2 + API Pix 2.9.0 schemas)', () => {
  test('Creating a recurrence gives one composite QR: the first cycle’s charge and the recurrence’s location in the same code', async () => {
    const { idRec, payload, firstTxid, request } = await newRecurrence({ debtor: { cnpj: '12ABC34501DE35', name: 'Laboratório Exemplo' } });
    expect(idRec).toMatch(/^RR99999999202603\d{2}[A-Z0-9]{11}$/);
    const rec = psp.automatic.recs.get(idRec)!;
    expect(rec).toMatchObject({ status: 'CRIADA', calendario: { periodicidade: 'MENSAL', dataInicial: request.startDate }, valor: { valorRec: '89.90' }, ativacao: { tipoJornada: 'JORNADA_3', dadosJornada: { txid: firstTxid } } });
    const fields = brCodeFields(payload);
    expect(brCodeFields(fields.get('26')!).get('25')).toBe(psp.charges.get(firstTxid)!.location);
    expect(brCodeFields(fields.get('80')!).get('25')).toBe(rec.loc!.location);
    expect(fields.get('54')).toBe('89.90');
    expect(payload.slice(-4)).toBe(crc16Hex(payload.slice(0, -4)));
    expect(await automatic.readRecurrence(idRec)).toEqual({ idRec, status: 'CRIADA', amountCents: 8990, retryPolicy: 'PERMITE_3R_7D', ended: null });
    expect(await automatic.readRecurrence('RR999999992026031000000000000')).toBeNull();
  });

  test('When the payer approves, the PSP posts a /rec callback our schema accepts; each cycle’s charge is taken 2 to 10 days before its due date only', async () => {
    const { idRec } = await newRecurrence();
    const approved = await payer(`/stand-in/rec/${idRec}/aprovar`);
    expect(approved).toMatchObject({ status: 'APROVADA', callback: { status: 200 } });
    expect(received.map((notice) => notice.path)).toEqual(['/v1/webhooks/pix-api/segredo/rec']);
    expect(schemaErrors(RecCallback, received[0]!.body)).toEqual([]);
    expect((received[0]!.body as RecCallbackBody).recs[0]).toMatchObject({ idRec, status: 'APROVADA' });

    const charge = (txid: string, dueDate: string, amountCents = 8990) => automatic.createRecurringCharge({ txid, idRec, dueDate, amountCents, description: 'Plano Mensal — abril' });
    for (const dueDate of [day(1), day(11)]) await expect(charge(`CLBR${'1'.repeat(24)}`, dueDate)).rejects.toMatchObject({ status: 400, problem: { title: 'Data de vencimento fora da janela' } });
    await expect(charge(`CLBR${'1'.repeat(24)}`, day(5), 9990)).rejects.toMatchObject({ status: 400, problem: { title: 'Valor diferente do valor da recorrência' } });
    const txid = `CLBR${'2'.repeat(24)}`;
    const cobr = await charge(txid, day(2));
    expect(cobr).toMatchObject({ txid, idRec, status: 'ATIVA', amountCents: 8990, dueDate: day(2), retryPolicy: 'PERMITE_3R_7D', attempts: [{ date: day(2), status: 'AGENDADA', failure: null }], payments: [] });
    // A retry after a timeout asks for the same charge: the PSP refuses the txid, the adapter reads it back.
    expect(await charge(txid, day(2))).toEqual(cobr);
    expect(psp.automatic.cobrs.get(txid)!.recebedor).toEqual({ conta: '1234567', tipoConta: 'CORRENTE' });
  });

  test('A debit that goes through concludes the charge with the Pix received; one that fails is retried up to 3 times within 7 days after the due date', async () => {
    const { idRec } = await newRecurrence();
    await payer(`/stand-in/rec/${idRec}/aprovar`);
    const paidTxid = `CLBR${'3'.repeat(24)}`;
    const failingTxid = `CLBR${'4'.repeat(24)}`;
    await automatic.createRecurringCharge({ txid: paidTxid, idRec, dueDate: day(3), amountCents: 8990, description: 'ciclo 2' });
    await automatic.createRecurringCharge({ txid: failingTxid, idRec, dueDate: day(3), amountCents: 8990, description: 'ciclo 2 (outro)' });
    received.length = 0;
    clock = new Date(clock.getTime() + 3 * DAY);

    expect(await payer(`/stand-in/cobr/${paidTxid}/debitar`, { resultado: 'ok' })).toMatchObject({ status: 'CONCLUIDA', callback: { status: 200 } });
    const paid = await automatic.readRecurringCharge(paidTxid);
    expect(paid).toMatchObject({ status: 'CONCLUIDA', attempts: [{ status: 'PAGA' }], payments: [{ amountCents: 8990, paidAt: clock.toISOString() }] });
    expect(paid!.payments[0]!.endToEndId).toMatch(/^E[0-9A-Z]{31}$/);

    expect(await payer(`/stand-in/cobr/${failingTxid}/debitar`, { resultado: 'falha' })).toMatchObject({ status: 'ATIVA' });
    for (const notice of received) expect(schemaErrors(CobRCallback, notice.body)).toEqual([]);
    expect(received.map((notice) => (notice.body as CobRCallbackBody).cobsr[0]!.status)).toEqual(['CONCLUIDA', 'ATIVA']);
    expect((await automatic.readRecurringCharge(failingTxid))!.attempts).toEqual([expect.objectContaining({ status: 'REJEITADA', failure: 'AM04: Saldo insuficiente' })]);

    // Not before the failure's next day, not after 7 days past the due date.
    await expect(automatic.retryRecurringCharge(failingTxid, day(8))).rejects.toMatchObject({ status: 400, problem: { title: 'Data fora da janela de retentativa' } });
    for (const offset of [1, 2, 3]) {
      const retried = await automatic.retryRecurringCharge(failingTxid, day(offset));
      expect(retried.attempts.at(-1)).toMatchObject({ date: day(offset), status: 'AGENDADA' });
      clock = new Date(clock.getTime() + DAY);
      const outcome = await payer(`/stand-in/cobr/${failingTxid}/debitar`, { resultado: 'falha' });
      expect(outcome.status).toBe(offset === 3 ? 'REJEITADA' : 'ATIVA');
    }
    await expect(automatic.retryRecurringCharge(failingTxid, day(1))).rejects.toBeInstanceOf(PixApiProblemError);
    expect(await automatic.readRecurringCharge(failingTxid)).toMatchObject({ status: 'REJEITADA', attempts: [{}, {}, {}, {}] });
  });

  test('A payer who rejects or cancels ends the recurrence (and its open charge); our cancellation is a PATCH /rec, twice harmless', async () => {
    const rejected = await newRecurrence();
    await payer(`/stand-in/rec/${rejected.idRec}/rejeitar`);
    expect(await automatic.readRecurrence(rejected.idRec)).toMatchObject({ status: 'REJEITADA', ended: { by: null, code: 'AP13' } });

    const cancelled = await newRecurrence();
    await payer(`/stand-in/rec/${cancelled.idRec}/aprovar`);
    const txid = `CLBR${'5'.repeat(24)}`;
    await automatic.createRecurringCharge({ txid, idRec: cancelled.idRec, dueDate: day(4), amountCents: 8990, description: 'ciclo 2' });
    received.length = 0;
    await payer(`/stand-in/rec/${cancelled.idRec}/cancelar`);
    expect(await automatic.readRecurrence(cancelled.idRec)).toMatchObject({ status: 'CANCELADA', ended: { by: 'USUARIO_PAGADOR' } });
    expect((await automatic.readRecurringCharge(txid))!.status).toBe('CANCELADA');
    expect(received.map((notice) => notice.path.split('/').at(-1))).toEqual(['cobr', 'rec']);

    const ours = await newRecurrence();
    await automatic.cancelRecurrence(ours.idRec);
    await automatic.cancelRecurrence(ours.idRec);
    expect(await automatic.readRecurrence(ours.idRec)).toMatchObject({ status: 'CANCELADA', ended: { by: 'USUARIO_RECEBEDOR' } });
    await expect(automatic.createRecurringCharge({ txid: `CLBR${'6'.repeat(24)}`, idRec: ours.idRec, dueDate: day(4), amountCents: 8990, description: 'x' })).rejects.toMatchObject({
      problem: { title: 'A recorrência está CANCELADA' },
    });
  });

  test('Malformed bodies are refused both ways: ours never leave, the PSP refuses what breaks its schema, and we refuse its malformed answers and callbacks', async () => {
    const before = psp.automatic.recs.size;
    // Ours: a CPF with 3 digits never reaches the PSP.
    await expect(newRecurrence({ debtor: { cpf: '123', name: 'Ana' } })).rejects.toThrow(/fora do esquema da API Pix/);
    expect(psp.automatic.recs.size).toBe(before);
    // The PSP's: bodies sent without our check (as a buggy client would) are refused with a Problema.
    const { idRec } = await newRecurrence();
    await expect(client.call({ method: 'PATCH', path: `/rec/${idRec}`, scopes: ['rec.write'], body: { status: 'APROVADA' }, responseSchema: {} as never })).rejects.toMatchObject({ status: 400, problem: { title: 'Requisição inválida' } });
    await payer(`/stand-in/rec/${idRec}/aprovar`);
    const bad = { idRec, calendario: { dataDeVencimento: day(5) }, valor: { original: '89.9' }, ajusteDiaUtil: true, recebedor: { conta: '1', tipoConta: 'CORRENTE' } };
    await expect(client.call({ method: 'PUT', path: `/cobr/CLBR${'7'.repeat(24)}`, scopes: ['cobr.write'], body: bad, responseSchema: {} as never })).rejects.toMatchObject({ status: 400 });
    // Answers: a recurrence whose status is not API Pix's, a charge whose amount is not money.
    psp.automatic.recs.get(idRec)!.status = 'ATIVA' as never;
    await expect(automatic.readRecurrence(idRec)).rejects.toBeInstanceOf(PixApiUnavailableError);
    psp.automatic.recs.get(idRec)!.status = 'APROVADA';
    const txid = `CLBR${'8'.repeat(24)}`;
    await automatic.createRecurringCharge({ txid, idRec, dueDate: day(5), amountCents: 8990, description: 'x' });
    psp.automatic.cobrs.get(txid)!.valor.original = 'R$ 89,90';
    await expect(automatic.readRecurringCharge(txid)).rejects.toBeInstanceOf(PixApiUnavailableError);
    // Callbacks: what our routes will refuse.
    for (const malformed of [{}, { recs: [] }, { recs: [{ idRec: 'R1', status: 'APROVADA', atualizacao: [] }] }, { recs: [{ idRec, status: 'ATIVA', atualizacao: [] }] }]) {
      expect(schemaErrors(RecCallback, malformed)).not.toEqual([]);
    }
    for (const malformed of [{ cobsr: [{ idRec, txid: 'curto', status: 'ATIVA', atualizacao: [] }] }, { cobsr: [{ idRec, txid, status: 'PAGA', atualizacao: [] }] }]) {
      expect(schemaErrors(CobRCallback, malformed)).not.toEqual([]);
    }
  });

  test('Each call needs its own OAuth2 scope and the club’s client certificate', async () => {
    const { idRec } = await newRecurrence();
    await expect(client.call({ method: 'PATCH', path: `/rec/${idRec}`, scopes: ['rec.read'], body: { status: 'CANCELADA' }, responseSchema: {} as never })).rejects.toMatchObject({ status: 403, problem: { title: 'Escopo insuficiente' } });
    await expect(client.call({ method: 'POST', path: '/locrec', scopes: ['rec.write'], responseSchema: {} as never })).rejects.toMatchObject({ status: 403 });
    const anonymous = new PixApiClient(credentials({ certificate: {} }), silentLog);
    try {
      await expect(new PixApiAutomatic(anonymous, { conta: '1', tipoConta: 'CORRENTE' }).readRecurrence(idRec)).rejects.toBeInstanceOf(PixApiUnavailableError);
    } finally {
      anonymous.close();
    }
    expect((await automatic.readRecurrence(idRec))!.status).toBe('CRIADA');
  });
});

import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';
import { schemaErrors } from '../pix-api-client';
import { CobRemoval, CobRequest, DevolucaoRequest, WebhookConfig, type CobAnswer, type CobRequestBody, type PixScope } from '../pix-api-schemas';
import { buildDynamicPixPayload } from '../pix-br-code';
import type { StandInCertificates } from './certificates';
import { registerStandInAutomatic, type StandInAutomaticState } from './stand-in-automatic';
import { StandInPayBody } from './stand-in-schemas';

/**
 * **A stand-in for a bank's API Pix** (the PSP), which cannot run here: it speaks the subset of
 * API Pix 2.9.0 the club uses (`/oauth/token`, `/cob/{txid}`, `/webhook/{chave}`,
 * `/pix/{e2eid}/devolucao/{id}`, and Pix Automático in stand-in-automatic.ts) over mutual TLS (only clients with a certificate of its CA get a
 * connection) with OAuth2 client credentials (a token per scope set, checked on every call), and
 * checks every body against the same schemas the club's adapter uses. One action no bank has:
 * `POST /stand-in/cob/{txid}/pagar` — a payer pays the charge; the stand-in then POSTs the `/pix`
 * callback to the registered webhook URL, as the bank would. Development and tests only:
 * production refuses it (config.ts).
 */
export interface StandInOptions {
  certificates: StandInCertificates;
  clientId: string;
  clientSecret: string;
  host?: string;
  /** 0: any free port. */
  port: number;
  merchantName: string;
  merchantCity: string;
  now: () => Date;
}

export interface StandInPsp {
  url: string;
  /** Pix Automático: locations, recurrences and recurring charges (stand-in-automatic.ts). */
  readonly automatic: StandInAutomaticState;
  /** What the stand-in holds, for tests: charges by txid, webhook URLs by key, tokens issued. */
  readonly charges: Map<string, CobAnswer>;
  readonly webhooks: Map<string, string>;
  readonly tokensIssued: () => number;
  /** Forgets every token (a bank revoking them): the next call gets 401 and must ask for a new one. */
  revokeTokens(): void;
  /** Delays every answer (a slow bank), in ms; 0 = none. */
  setDelay(ms: number): void;
  close(): Promise<void>;
}

const TOKEN_TTL_S = 3600;

function problem(reply: FastifyReply, status: number, type: string, title: string, detail?: string) {
  return reply.code(status).type('application/problem+json').send({ type: `https://pix.bcb.gov.br/api/v2/error/${type}`, title, status, ...(detail ? { detail } : {}) });
}

function endToEndId(at: Date): string {
  const stamp = at.toISOString().replace(/[-:T]/g, '').slice(0, 12);
  return `E99999999${stamp}${randomBytes(8).toString('hex').toUpperCase().slice(0, 11)}`;
}

export async function startPixStandIn(options: StandInOptions): Promise<StandInPsp> {
  const { certificates } = options;
  const tokens = new Map<string, Set<string>>();
  let issued = 0;
  let delayMs = 0;
  const charges = new Map<string, CobAnswer>();
  const webhooks = new Map<string, string>();
  const app: FastifyInstance = Fastify({
    logger: false,
    https: { key: certificates.serverKey, cert: certificates.serverCert, ca: certificates.ca, requestCert: true, rejectUnauthorized: true },
  });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, body === '' ? undefined : (JSON.parse(body as string) as unknown));
    } catch {
      done(null, Symbol.for('malformed'));
    }
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.addHook('onRequest', async () => {
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
  });

  /** The bearer token must exist and hold the scope the call needs (API Pix's security per operation). */
  const authorized = (request: FastifyRequest, reply: FastifyReply, scope: PixScope): boolean => {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const scopes = token ? tokens.get(token) : undefined;
    if (!scopes) {
      void problem(reply, 401, 'AcessoNegado', 'Não autorizado', 'token ausente, inválido ou expirado');
      return false;
    }
    if (!scopes.has(scope)) {
      void problem(reply, 403, 'AcessoNegado', 'Escopo insuficiente', `o token não tem o escopo ${scope}`);
      return false;
    }
    return true;
  };
  const valid = (reply: FastifyReply, schema: TSchema, body: unknown): boolean => {
    const errors = schemaErrors(schema, body);
    if (errors.length === 0) return true;
    void problem(reply, 400, 'RequisicaoInvalida', 'Requisição inválida', errors.join('; '));
    return false;
  };

  const automatic = registerStandInAutomatic(app, {
    authorized,
    valid,
    problem,
    endToEndId,
    now: options.now,
    charges,
    merchantName: options.merchantName,
    merchantCity: options.merchantCity,
  });

  app.post('/oauth/token', async (request, reply) => {
    const basic = /^Basic (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const [id, secret] = basic ? Buffer.from(basic, 'base64').toString('utf8').split(':') : [];
    const body = (request.body ?? {}) as Record<string, string>;
    if (id !== options.clientId || secret !== options.clientSecret) return reply.code(401).send({ error: 'invalid_client' });
    if (body.grant_type !== 'client_credentials') return reply.code(400).send({ error: 'unsupported_grant_type' });
    const token = randomBytes(24).toString('hex');
    tokens.set(token, new Set((body.scope ?? '').split(' ').filter(Boolean)));
    issued += 1;
    return { access_token: token, token_type: 'Bearer', expires_in: TOKEN_TTL_S, scope: body.scope ?? '' };
  });

  app.put<{ Params: { txid: string } }>('/cob/:txid', async (request, reply) => {
    if (!authorized(request, reply, 'cob.write') || !valid(reply, CobRequest, request.body)) return reply;
    const { txid } = request.params;
    if (!/^[a-zA-Z0-9]{26,35}$/.test(txid)) return problem(reply, 400, 'RequisicaoInvalida', 'txid inválido');
    if (charges.has(txid)) return problem(reply, 400, 'CobOperacaoInvalida', 'Cobrança não encontrada para o txid informado ou já existente', `txid ${txid} já foi usado`);
    const body = request.body as CobRequestBody;
    const now = options.now();
    const location = `127.0.0.1/stand-in/qr/v2/${txid.toLowerCase()}`;
    const cob: CobAnswer = {
      calendario: { criacao: now.toISOString(), expiracao: body.calendario.expiracao },
      txid,
      revisao: 0,
      status: 'ATIVA',
      valor: { original: body.valor.original },
      chave: body.chave,
      loc: { id: charges.size + 1, location, tipoCob: 'cob', criacao: now.toISOString() },
      location,
      pixCopiaECola: buildDynamicPixPayload({ location, merchantName: options.merchantName, merchantCity: options.merchantCity, amountCents: Math.round(Number(body.valor.original) * 100) }),
      ...(body.solicitacaoPagador ? { solicitacaoPagador: body.solicitacaoPagador } : {}),
    };
    charges.set(txid, cob);
    return reply.code(201).send(cob);
  });

  app.get<{ Params: { txid: string } }>('/cob/:txid', async (request, reply) => {
    if (!authorized(request, reply, 'cob.read')) return reply;
    const cob = charges.get(request.params.txid);
    return cob ?? problem(reply, 404, 'CobNaoEncontrado', 'Cobrança não encontrada');
  });

  app.patch<{ Params: { txid: string } }>('/cob/:txid', async (request, reply) => {
    if (!authorized(request, reply, 'cob.write') || !valid(reply, CobRemoval, request.body)) return reply;
    const cob = charges.get(request.params.txid);
    if (!cob) return problem(reply, 404, 'CobNaoEncontrado', 'Cobrança não encontrada');
    if (cob.status !== 'ATIVA') return problem(reply, 400, 'CobOperacaoInvalida', 'A cobrança não está ATIVA');
    cob.status = 'REMOVIDA_PELO_USUARIO_RECEBEDOR';
    cob.revisao += 1;
    return cob;
  });

  app.put<{ Params: { chave: string } }>('/webhook/:chave', async (request, reply) => {
    if (!authorized(request, reply, 'webhook.write') || !valid(reply, WebhookConfig, request.body)) return reply;
    webhooks.set(request.params.chave, (request.body as { webhookUrl: string }).webhookUrl);
    return reply.code(200).send({});
  });

  app.put<{ Params: { e2eid: string; id: string } }>('/pix/:e2eid/devolucao/:id', async (request, reply) => {
    if (!authorized(request, reply, 'pix.write') || !valid(reply, DevolucaoRequest, request.body)) return reply;
    const paid = [...charges.values()].flatMap((cob) => cob.pix ?? []).find((pix) => pix.endToEndId === request.params.e2eid);
    if (!paid) return problem(reply, 404, 'PixNaoEncontrado', 'Pix não encontrado');
    const at = options.now().toISOString();
    return reply.code(201).send({
      id: request.params.id,
      rtrId: `D99999999${at.replace(/[-:T]/g, '').slice(0, 12)}${randomBytes(8).toString('hex').toUpperCase().slice(0, 11)}`,
      valor: (request.body as { valor: string }).valor,
      status: 'EM_PROCESSAMENTO',
      horario: { solicitacao: at },
    });
  });

  // Not API Pix: the payer's side, which a real bank has in its app.
  app.post<{ Params: { txid: string } }>('/stand-in/cob/:txid/pagar', async (request, reply) => {
    if (!authorized(request, reply, 'cob.read') || !valid(reply, StandInPayBody, request.body ?? {})) return reply;
    const cob = charges.get(request.params.txid);
    if (!cob) return problem(reply, 404, 'CobNaoEncontrado', 'Cobrança não encontrada');
    if (cob.status !== 'ATIVA') return problem(reply, 400, 'CobOperacaoInvalida', 'A cobrança não está ATIVA');
    const now = options.now();
    const pix = { endToEndId: endToEndId(now), txid: cob.txid, valor: cob.valor.original, horario: now.toISOString(), chave: cob.chave };
    cob.status = 'CONCLUIDA';
    cob.pix = [pix];
    const url = webhooks.get(cob.chave);
    if (!url || (request.body as { entregarCallback?: boolean } | undefined)?.entregarCallback === false) return { endToEndId: pix.endToEndId, callback: null };
    try {
      const response = await fetch(`${url}/pix`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ pix: [pix] }),
        signal: AbortSignal.timeout(10_000),
      });
      const text = await response.text();
      return { endToEndId: pix.endToEndId, callback: { status: response.status, body: text ? (JSON.parse(text) as unknown) : null } };
    } catch {
      return { endToEndId: pix.endToEndId, callback: null };
    }
  });

  const address = await app.listen({ host: options.host ?? '127.0.0.1', port: options.port });
  return {
    url: address.replace('localhost', '127.0.0.1'),
    automatic,
    charges,
    webhooks,
    tokensIssued: () => issued,
    revokeTokens: () => tokens.clear(),
    setDelay: (ms) => {
      delayMs = ms;
    },
    close: () => app.close(),
  };
}

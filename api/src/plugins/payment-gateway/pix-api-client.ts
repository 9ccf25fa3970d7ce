import { readFileSync } from 'node:fs';
import { Agent, request as httpsRequest } from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { AppError } from '../../http/app-error';
import { Problema, TokenAnswer, type PixScope } from './pix-api-schemas';

/**
 * A client of a PSP's **API Pix 2.9.0** (the Banco Central's standard API a receiving bank exposes):
 * mutual TLS with the club's certificate (PEM pair or PKCS#12), OAuth2 client credentials with a
 * token cached per set of scopes until shortly before it expires, one new token when the PSP
 * refuses the cached one (401), a time limit on every call, and every request body and every
 * answer checked against our schemas (pix-api-schemas.ts): a malformed one is refused.
 * Logs name the call, its txid and status; never the certificate, the secret or the token.
 */
export interface PixApiCredentials {
  /** Base URL of the PSP's API Pix, e.g. https://pix.banco.com.br/api/v2 */
  baseUrl: string;
  /** OAuth2 token endpoint; default `<baseUrl>/oauth/token`. */
  tokenUrl?: string;
  clientId: string;
  clientSecret: string;
  /** The club's client certificate: PEM certificate + key, or a PKCS#12 bundle. */
  certificate: { cert: Buffer; key: Buffer } | { pfx: Buffer; passphrase?: string };
  /** Extra CA certificates that sign the PSP's server certificate (the stand-in's own CA); none: the system's. */
  ca?: Buffer;
  /** Per call, connection included; at most 10 s (issue #28). */
  timeoutMs?: number;
}

export const PIX_API_MAX_TIMEOUT_MS = 10_000;
/** A token is renewed this long before the PSP says it expires. */
const TOKEN_MARGIN_MS = 30_000;

/** The PSP could not be reached in time, answered 5xx, or answered something our schemas refuse. */
export class PixApiUnavailableError extends Error {
  override name = 'PixApiUnavailableError';
}

/** What the member sees when the PSP cannot be reached in time (issue #28, "Falhas"). */
export const pixUnavailable = () => new AppError(503, 'PIX_UNAVAILABLE', 'Não foi possível gerar o PIX agora. Tente novamente em instantes.');

/** The PSP refused the call (4xx with an RFC 7807 `Problema`). */
export class PixApiProblemError extends Error {
  override name = 'PixApiProblemError';
  constructor(
    readonly status: number,
    readonly problem: { type: string; title: string; detail?: string },
  ) {
    super(`API Pix ${status}: ${problem.title}${problem.detail ? ` — ${problem.detail}` : ''}`);
  }
}

export interface PixApiCall {
  method: 'GET' | 'PUT' | 'POST' | 'PATCH';
  path: string;
  scopes: PixScope[];
  /** The schema the body must satisfy before it leaves. */
  requestSchema?: TSchema;
  body?: unknown;
  /** The schema the answer must satisfy before anyone reads it. */
  responseSchema: TSchema;
  /** For the logs. */
  txid?: string;
}

interface RawAnswer {
  status: number;
  body: unknown;
}

const checkers = new WeakMap<TSchema, ReturnType<typeof Compile>>();
function checkerOf(schema: TSchema) {
  let checker = checkers.get(schema);
  if (!checker) {
    checker = Compile(schema);
    checkers.set(schema, checker);
  }
  return checker;
}

/** The first reasons a value fails its schema (paths and messages, never the values). */
export function schemaErrors(schema: TSchema, value: unknown): string[] {
  const checker = checkerOf(schema);
  if (checker.Check(value)) return [];
  return [...checker.Errors(value)].slice(0, 5).map((error) => `${error.instancePath || '/'} ${error.message}`);
}

/** Reads the certificate files named by the configuration (PEM pair or PKCS#12). */
export function readCertificate(files: { certFile?: string; keyFile?: string; pfxFile?: string; passphrase?: string }): PixApiCredentials['certificate'] {
  if (files.pfxFile) return { pfx: readFileSync(files.pfxFile), passphrase: files.passphrase };
  if (files.certFile && files.keyFile) return { cert: readFileSync(files.certFile), key: readFileSync(files.keyFile) };
  throw new Error('certificado do cliente da API Pix ausente');
}

export class PixApiClient {
  private readonly agent: Agent;
  private readonly timeoutMs: number;
  private readonly tokens = new Map<string, { token: string; expiresAt: number }>();

  constructor(
    private readonly credentials: PixApiCredentials,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
  ) {
    this.timeoutMs = Math.min(credentials.timeoutMs ?? PIX_API_MAX_TIMEOUT_MS, PIX_API_MAX_TIMEOUT_MS);
    this.agent = new Agent({ keepAlive: true, maxSockets: 16, ...credentials.certificate, ...(credentials.ca ? { ca: credentials.ca } : {}) });
  }

  close(): void {
    this.agent.destroy();
  }

  async call<T>(call: PixApiCall): Promise<T> {
    if (call.requestSchema) {
      const errors = schemaErrors(call.requestSchema, call.body);
      // Our own bug: never sent.
      if (errors.length > 0) throw new Error(`corpo de ${call.method} ${call.path} fora do esquema da API Pix: ${errors.join('; ')}`);
    }
    let answer = await this.send(call, await this.token(call.scopes));
    if (answer.status === 401) {
      // The PSP may revoke a token before its time: one new token, one more try.
      this.tokens.delete(scopeKey(call.scopes));
      answer = await this.send(call, await this.token(call.scopes));
    }
    if (answer.status >= 500) throw new PixApiUnavailableError(`API Pix ${call.method} ${call.path} respondeu ${answer.status}`);
    if (answer.status >= 400) {
      const problem = schemaErrors(Problema, answer.body).length === 0 ? (answer.body as { type: string; title: string; detail?: string }) : { type: 'desconhecido', title: `HTTP ${answer.status}` };
      throw new PixApiProblemError(answer.status, problem);
    }
    const errors = schemaErrors(call.responseSchema, answer.body);
    if (errors.length > 0) {
      this.log.error({ method: call.method, path: call.path, txid: call.txid, errors }, 'API Pix answer refused by its schema');
      throw new PixApiUnavailableError(`resposta de ${call.method} ${call.path} fora do esquema da API Pix: ${errors.join('; ')}`);
    }
    return answer.body as T;
  }

  private async token(scopes: PixScope[]): Promise<string> {
    const key = scopeKey(scopes);
    const cached = this.tokens.get(key);
    if (cached && cached.expiresAt > this.now()) return cached.token;
    const url = this.credentials.tokenUrl ?? `${this.credentials.baseUrl}/oauth/token`;
    const basic = Buffer.from(`${this.credentials.clientId}:${this.credentials.clientSecret}`).toString('base64');
    const body = new URLSearchParams({ grant_type: 'client_credentials', scope: key }).toString();
    const answer = await this.exchange(new URL(url), 'POST', { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' }, body);
    this.log.info({ call: 'POST /oauth/token', scope: key, status: answer.status }, 'API Pix token');
    if (answer.status >= 500) throw new PixApiUnavailableError(`token OAuth2 da API Pix: HTTP ${answer.status}`);
    if (answer.status >= 400) throw new PixApiProblemError(answer.status, { type: 'oauth', title: 'Credenciais da API Pix recusadas pelo PSP' });
    const errors = schemaErrors(TokenAnswer, answer.body);
    if (errors.length > 0) throw new PixApiUnavailableError(`token OAuth2 fora do esquema: ${errors.join('; ')}`);
    const { access_token: token, expires_in: expiresIn } = answer.body as { access_token: string; expires_in: number };
    this.tokens.set(key, { token, expiresAt: this.now() + Math.max(expiresIn * 1000 - TOKEN_MARGIN_MS, 1000) });
    return token;
  }

  private async send(call: PixApiCall, token: string): Promise<RawAnswer> {
    const url = new URL(`${this.credentials.baseUrl}${call.path}`);
    const body = call.body === undefined ? undefined : JSON.stringify(call.body);
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const started = this.now();
    const answer = await this.exchange(url, call.method, headers, body);
    this.log.info({ call: `${call.method} ${call.path}`, txid: call.txid, status: answer.status, ms: this.now() - started }, 'API Pix call');
    return answer;
  }

  private exchange(url: URL, method: string, headers: Record<string, string>, body: string | undefined): Promise<RawAnswer> {
    return new Promise((resolve, reject) => {
      const request = httpsRequest(url, { method, headers, agent: this.agent, timeout: this.timeoutMs }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', (error) => reject(new PixApiUnavailableError(`API Pix: ${error.message}`)));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = null;
          try {
            parsed = text ? (JSON.parse(text) as unknown) : null;
          } catch {
            parsed = text;
          }
          resolve({ status: response.statusCode ?? 0, body: parsed });
        });
      });
      // One deadline for the whole call (connect, TLS, answer), not only for idle sockets.
      const deadline = setTimeout(() => request.destroy(new PixApiUnavailableError(`API Pix não respondeu em ${this.timeoutMs} ms`)), this.timeoutMs);
      request.on('close', () => clearTimeout(deadline));
      request.on('timeout', () => request.destroy(new PixApiUnavailableError(`API Pix não respondeu em ${this.timeoutMs} ms`)));
      request.on('error', (error) => reject(error instanceof PixApiUnavailableError ? error : new PixApiUnavailableError(`API Pix: ${error.message}`)));
      request.end(body);
    });
  }
}

const scopeKey = (scopes: PixScope[]) => [...scopes].sort().join(' ');

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PaymentGateway } from './gateway';
import { PixApiClient, readCertificate, type PixApiCredentials } from './pix-api-client';
import { PixApiGateway } from './pix-api-gateway';
import type { ReceiverAccount } from './pix-automatic';
import { SandboxGateway } from './sandbox-gateway';
import { ensureStandInCertificates } from './stand-in/certificates';
import { startPixStandIn, type StandInPsp } from './stand-in/stand-in-psp';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment gateway port (billing/gateway.ts); the adapter comes from PAYMENT_GATEWAY. */
    paymentGateway: PaymentGateway;
    /** PAYMENT_GATEWAY=pix-api-stand-in only: the stand-in PSP the API started (tests read and steer it). */
    pixStandIn?: StandInPsp;
  }
}

export const PAYMENT_WEBHOOK_PATH = '/v1/webhooks/payments';
/** Where a PSP's API Pix posts its callbacks: `<this>/<secret segment>/pix` (billing/pix-webhook-routes.ts). */
export const PIX_API_WEBHOOK_PATH = '/v1/webhooks/pix-api';

/** How long a PIX payload can be paid; billing asks for a fresh one after that. */
export const PIX_TTL_MS = 24 * 60 * 60 * 1000;

/** The stand-in's OAuth2 client (development only; the stand-in is refused in production). */
const STAND_IN_CLIENT = { clientId: 'clube-stand-in', clientSecret: 'clube-stand-in-secret' };
/** The club's account at the stand-in PSP (made up), where recurring charges are credited. */
const STAND_IN_ACCOUNT = { agencia: '0001', conta: '1234567', tipoConta: 'CORRENTE' } as const;

export default fp(
  async function paymentGateway(fastify: FastifyInstance) {
    const { config } = fastify;
    if (config.nodeEnv === 'production' && config.paymentGateway !== 'pix-api') {
      // loadConfig refuses this already; a hand-built config must not slip through either.
      throw new Error(`Modo produção não aceita o gateway de pagamento ${config.paymentGateway}.`);
    }
    const now = () => fastify.clock.now();
    if (config.paymentGateway === 'sandbox') {
      fastify.decorate(
        'paymentGateway',
        new SandboxGateway({
          pix: config.pix,
          webhookSecret: config.webhookSecret,
          pixTtlMs: PIX_TTL_MS,
          now,
          // The same route, hooks and verification a real gateway's request goes through.
          deliverWebhook: async (rawBody, headers) => {
            const response = await fastify.inject({ method: 'POST', url: PAYMENT_WEBHOOK_PATH, headers, payload: rawBody });
            return { statusCode: response.statusCode, body: response.json() as unknown };
          },
        }),
      );
      return;
    }

    let credentials: PixApiCredentials;
    let webhookUrl: string | undefined;
    let receiverAccount: ReceiverAccount | undefined;
    if (config.paymentGateway === 'pix-api') {
      const pixApi = config.pixApi!;
      credentials = {
        baseUrl: pixApi.url,
        tokenUrl: pixApi.tokenUrl,
        clientId: pixApi.clientId,
        clientSecret: pixApi.clientSecret,
        certificate: readCertificate({ certFile: pixApi.certFile, keyFile: pixApi.keyFile, pfxFile: pixApi.pfxFile, passphrase: pixApi.pfxPassphrase }),
        ca: pixApi.caFile ? readFileSync(pixApi.caFile) : undefined,
        timeoutMs: pixApi.timeoutMs,
      };
      webhookUrl = pixApi.webhookUrl;
      receiverAccount = pixApi.receiverAccount;
    } else {
      // The stand-in PSP: certificates in `.data/pix-stand-in/` (a temporary folder without a data dir).
      const temporary = config.pixStandIn.dir ? undefined : mkdtempSync(path.join(tmpdir(), 'clube-pix-stand-in-'));
      const certificates = ensureStandInCertificates(config.pixStandIn.dir ?? temporary!);
      const standIn = await startPixStandIn({ certificates, ...STAND_IN_CLIENT, port: config.pixStandIn.port, merchantName: config.pix.merchantName, merchantCity: config.pix.merchantCity, now });
      fastify.log.info({ url: standIn.url }, 'PSP substituto (stand-in da API Pix do banco) ouvindo');
      fastify.decorate('pixStandIn', standIn);
      fastify.addHook('onClose', async () => {
        await standIn.close();
        if (temporary) rmSync(temporary, { recursive: true, force: true });
      });
      credentials = { baseUrl: standIn.url, ...STAND_IN_CLIENT, certificate: { pfx: certificates.clientPfx, passphrase: certificates.pfxPassphrase }, ca: certificates.ca, timeoutMs: config.pixStandIn.timeoutMs };
      webhookUrl = config.publicApiUrl ? `${config.publicApiUrl}${PIX_API_WEBHOOK_PATH}/${config.pixWebhookSegment}` : undefined;
      receiverAccount = STAND_IN_ACCOUNT;
    }
    const client = new PixApiClient(credentials, fastify.log);
    fastify.addHook('onClose', async () => client.close());
    const gateway = new PixApiGateway({ client, pixKey: config.pix.key, pixTtlMs: PIX_TTL_MS, now, log: fastify.log, standIn: config.paymentGateway === 'pix-api-stand-in', receiverAccount });
    fastify.decorate('paymentGateway', gateway);

    // Tell the PSP where to post `/pix` callbacks: at start, or once listening (the stand-in in
    // development, where the API's own address is the URL). A failure is logged; reconciliation
    // still finds every payment by reading the open charges.
    const register = async (url: string) => {
      try {
        await gateway.registerWebhook(url);
        await gateway.pixAutomatic?.registerRecurrenceWebhooks(url);
        fastify.log.info({ webhook: url.replace(config.pixWebhookSegment, '…') }, 'API Pix webhook registered');
      } catch (error) {
        fastify.log.error({ err: error instanceof Error ? error.message : String(error) }, 'API Pix webhook not registered');
      }
    };
    if (webhookUrl) {
      const url = webhookUrl;
      fastify.addHook('onReady', async () => register(url));
    } else {
      fastify.addHook('onListen', async () => {
        const address = fastify.server.address();
        if (address && typeof address === 'object') await register(`http://127.0.0.1:${address.port}${PIX_API_WEBHOOK_PATH}/${config.pixWebhookSegment}`);
      });
    }
  },
  { name: 'payment-gateway', dependencies: ['clock'] },
);

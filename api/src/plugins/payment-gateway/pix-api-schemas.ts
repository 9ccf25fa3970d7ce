import { Type, type Static } from 'typebox';

/**
 * The subset of the Banco Central's **API Pix 2.9.0** (OpenAPI 3.0, bacen/pix-api, Apache 2.0)
 * the club uses, written here by hand from the specification (the file itself is not copied):
 * immediate charges (`/cob/{txid}`), recurrences of Pix Automático (`/locrec`, `/rec`,
 * `/rec/{idRec}`), recurring charges (`/cobr/{txid}`, `/cobr/{txid}/retentativa/{data}`), the three
 * webhooks (`/webhook/{chave}`, `/webhookrec`, `/webhookcobr`) and their callbacks (`<url>/pix`,
 * `<url>/rec`, `<url>/cobr`), the OAuth2 token and the RFC 7807 error (`Problema`).
 *
 * Requests we send are closed (`additionalProperties: false`): a field we did not mean to send is a
 * bug. Answers and callbacks from the PSP stay open to new fields, which the specification calls a
 * compatible change; the fields we read are checked (patterns, enums, required).
 * The same schemas check the adapter's traffic (pix-api-adapter.ts) and the stand-in's
 * (stand-in/stand-in-psp.ts).
 */

const closed = { additionalProperties: false } as const;

/** `TxId` (API Pix): 26 to 35 letters and digits; made by us (`PUT /cob/{txid}`, `PUT /cobr/{txid}`). */
export const TxId = Type.String({ pattern: '^[a-zA-Z0-9]{26,35}$', description: 'txid (26 a 35 letras e dígitos)' });
/** `RecId`: 29 characters, R + R/N (retries allowed or not) + 8 (ISPB) + yyyyMMdd + 11. */
export const IdRec = Type.String({ pattern: '^R[RN][0-9A-Z]{8}\\d{8}[a-zA-Z0-9]{11}$', description: 'idRec (29 caracteres)' });
/** `EndToEndId`: 32 letters and digits. */
export const EndToEndId = Type.String({ pattern: '^[a-zA-Z0-9]{32}$' });
/** Money as text with two decimals, e.g. "89.90". */
export const Valor = Type.String({ pattern: '^\\d{1,10}\\.\\d{2}$' });
export const Cpf = Type.String({ pattern: '^\\d{11}$' });
/** Letters allowed: alphanumeric CNPJs are valid from July 2026 and API Pix 2.9.0 accepts them. */
export const Cnpj = Type.String({ pattern: '^[0-9A-Z]{14}$' });
const Day = Type.String({ format: 'date' });
const Instant = Type.String({ format: 'date-time' });
const Location = Type.String({ minLength: 1, maxLength: 77 });

export const Periodicidade = Type.Enum(['SEMANAL', 'MENSAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL']);
export const PoliticaRetentativa = Type.Enum(['NAO_PERMITE', 'PERMITE_3R_7D']);
export const CobStatus = Type.Enum(['ATIVA', 'CONCLUIDA', 'REMOVIDA_PELO_USUARIO_RECEBEDOR', 'REMOVIDA_PELO_PSP']);
export const RecStatus = Type.Enum(['CRIADA', 'APROVADA', 'REJEITADA', 'EXPIRADA', 'CANCELADA']);
export const CobRStatus = Type.Enum(['CRIADA', 'ATIVA', 'CONCLUIDA', 'EXPIRADA', 'REJEITADA', 'CANCELADA']);
export const TentativaStatus = Type.Enum(['SOLICITADA', 'AGENDADA', 'PAGA', 'CANCELADA', 'REJEITADA', 'EXPIRADA']);
export const Solicitante = Type.Enum(['PSP_PAGADOR', 'USUARIO_PAGADOR', 'PSP_RECEBEDOR', 'USUARIO_RECEBEDOR']);
export const TipoConta = Type.Enum(['CORRENTE', 'POUPANCA', 'PAGAMENTO']);

/** The debtor of a charge or recurrence: a person (CPF) or a company (CNPJ), with a name. */
const devedor = (maxName: number) =>
  Type.Union([
    Type.Object({ cpf: Cpf, nome: Type.String({ minLength: 1, maxLength: maxName }) }, closed),
    Type.Object({ cnpj: Cnpj, nome: Type.String({ minLength: 1, maxLength: maxName }) }, closed),
  ]);
export const DevedorCob = devedor(200);
export const DevedorRec = devedor(140);

/** A Pix received (`Pix` in the specification): what `/pix` callbacks and `GET /cob` list. */
export const PixRecebido = Type.Object({
  endToEndId: EndToEndId,
  txid: Type.Optional(Type.String({ pattern: '^[a-zA-Z0-9]{1,35}$' })),
  valor: Valor,
  horario: Instant,
  chave: Type.Optional(Type.String({ maxLength: 77 })),
  infoPagador: Type.Optional(Type.String({ maxLength: 140 })),
});

const Atualizacao = <T extends typeof RecStatus | typeof CobRStatus | typeof TentativaStatus>(status: T) =>
  Type.Array(Type.Object({ status, data: Instant }));

const Rejeicao = Type.Object({ codigo: Type.String({ minLength: 1, maxLength: 4 }), descricao: Type.String({ maxLength: 400 }) });
const Cancelamento = Type.Object({ solicitante: Solicitante, codigo: Type.String({ minLength: 1, maxLength: 4 }), descricao: Type.String({ maxLength: 400 }) });
export const Encerramento = Type.Object({ rejeicao: Type.Optional(Rejeicao), cancelamento: Type.Optional(Cancelamento) });

// --- Immediate charges: PUT/GET/PATCH /cob/{txid} (scopes cob.write / cob.read) ---------------

export const CobRequest = Type.Object(
  {
    calendario: Type.Object({ expiracao: Type.Integer({ minimum: 1, description: 'segundos a partir da criação' }) }, closed),
    devedor: Type.Optional(DevedorCob),
    valor: Type.Object({ original: Valor }, closed),
    chave: Type.String({ minLength: 1, maxLength: 77 }),
    solicitacaoPagador: Type.Optional(Type.String({ maxLength: 140 })),
  },
  closed,
);

/** The only revision we make: removing an open charge (`PATCH /cob/{txid}`). */
export const CobRemoval = Type.Object({ status: Type.Literal('REMOVIDA_PELO_USUARIO_RECEBEDOR') }, closed);

/** `CobGerada` / `CobCompleta`. */
export const Cob = Type.Object({
  calendario: Type.Object({ criacao: Instant, expiracao: Type.Integer({ minimum: 1 }) }),
  txid: TxId,
  revisao: Type.Integer({ minimum: 0 }),
  status: CobStatus,
  valor: Type.Object({ original: Valor }),
  chave: Type.String({ maxLength: 77 }),
  devedor: Type.Optional(Type.Object({ nome: Type.Optional(Type.String()), cpf: Type.Optional(Cpf), cnpj: Type.Optional(Cnpj) })),
  loc: Type.Optional(Type.Object({ id: Type.Integer(), location: Location, tipoCob: Type.Enum(['cob', 'cobv']), criacao: Instant })),
  location: Type.Optional(Location),
  pixCopiaECola: Type.Optional(Type.String({ minLength: 1, maxLength: 512 })),
  solicitacaoPagador: Type.Optional(Type.String({ maxLength: 140 })),
  pix: Type.Optional(Type.Array(PixRecebido)),
});

// --- Pix Automático: POST /locrec, POST /rec, GET/PATCH /rec/{idRec} ---------------------------

/** `PayloadLocationRecGerada` (scope payloadlocationrec.write). */
export const LocRec = Type.Object({ id: Type.Integer(), location: Location, criacao: Instant, idRec: Type.Optional(IdRec) });

/**
 * `POST /rec` (scope rec.write). The specification lists `idRec` and `retentativa` as required
 * in this body, which cannot be meant (the PSP assigns `idRec`; the policy is
 * `politicaRetentativa`): this schema requires what a recurrence needs.
 */
export const RecRequest = Type.Object(
  {
    vinculo: Type.Object(
      { objeto: Type.Optional(Type.String({ maxLength: 35 })), devedor: DevedorRec, contrato: Type.String({ minLength: 1, maxLength: 35 }) },
      closed,
    ),
    calendario: Type.Object({ dataInicial: Day, dataFinal: Type.Optional(Day), periodicidade: Periodicidade }, closed),
    valor: Type.Object({ valorRec: Valor }, closed),
    politicaRetentativa: PoliticaRetentativa,
    loc: Type.Integer({ description: 'id de uma location criada por POST /locrec' }),
    ativacao: Type.Object({ dadosJornada: Type.Object({ txid: TxId }, closed) }, closed),
  },
  closed,
);

/** The only revision we make: cancelling (`PATCH /rec/{idRec}`). */
export const RecCancellation = Type.Object({ status: Type.Literal('CANCELADA') }, closed);

/** `RecGerada` / `RecCompleta`, with `dadosQR` when asked for with `?txid=` (the composite QR of JORNADA_3). */
export const Rec = Type.Object({
  idRec: IdRec,
  vinculo: Type.Object({ objeto: Type.Optional(Type.String({ maxLength: 35 })), contrato: Type.String({ maxLength: 35 }), devedor: Type.Object({ nome: Type.String() }) }),
  calendario: Type.Object({ dataInicial: Day, dataFinal: Type.Optional(Day), periodicidade: Periodicidade }),
  valor: Type.Optional(Type.Object({ valorRec: Type.Optional(Valor), valorMinimoRecebedor: Type.Optional(Valor) })),
  recebedor: Type.Object({ cnpj: Cnpj, nome: Type.String({ maxLength: 140 }) }),
  politicaRetentativa: PoliticaRetentativa,
  status: RecStatus,
  loc: Type.Optional(Type.Object({ id: Type.Integer(), location: Location, criacao: Instant })),
  atualizacao: Atualizacao(RecStatus),
  encerramento: Type.Optional(Encerramento),
  ativacao: Type.Optional(
    Type.Object({
      tipoJornada: Type.Enum(['JORNADA_1', 'JORNADA_2', 'JORNADA_3', 'JORNADA_4', 'AGUARDANDO_DEFINICAO']),
      dadosJornada: Type.Optional(Type.Object({ txid: TxId })),
    }),
  ),
  dadosQR: Type.Optional(Type.Object({ jornada: Type.Enum(['JORNADA_2', 'JORNADA_3', 'JORNADA_4']), pixCopiaECola: Type.String({ minLength: 1, maxLength: 512 }) })),
});

// --- Recurring charges: PUT/GET/PATCH /cobr/{txid}, POST /cobr/{txid}/retentativa/{data} ------

export const Recebedor = Type.Object({ conta: Type.String({ minLength: 1, maxLength: 20 }), tipoConta: TipoConta, agencia: Type.Optional(Type.String({ maxLength: 4 })) }, closed);

export const CobRRequest = Type.Object(
  {
    idRec: IdRec,
    infoAdicional: Type.Optional(Type.String({ maxLength: 140 })),
    calendario: Type.Object({ dataDeVencimento: Day }, closed),
    valor: Type.Object({ original: Valor }, closed),
    ajusteDiaUtil: Type.Boolean(),
    recebedor: Recebedor,
  },
  closed,
);

export const CobRCancellation = Type.Object({ status: Type.Literal('CANCELADA') }, closed);

export const Tentativa = Type.Object({
  dataLiquidacao: Day,
  tipo: Type.Enum(['AGND', 'NTAG', 'RIFL']),
  status: TentativaStatus,
  endToEndId: EndToEndId,
  atualizacao: Atualizacao(TentativaStatus),
  rejeicao: Type.Optional(Rejeicao),
});

/** `CobRGerada` / `CobRCompleta`. */
export const CobR = Type.Object({
  idRec: IdRec,
  txid: TxId,
  infoAdicional: Type.Optional(Type.String({ maxLength: 140 })),
  calendario: Type.Object({ criacao: Day, dataDeVencimento: Day }),
  valor: Type.Object({ original: Valor }),
  ajusteDiaUtil: Type.Boolean(),
  recebedor: Type.Object({ conta: Type.String({ maxLength: 20 }), tipoConta: TipoConta }),
  status: CobRStatus,
  politicaRetentativa: Type.Optional(PoliticaRetentativa),
  atualizacao: Atualizacao(CobRStatus),
  encerramento: Type.Optional(Encerramento),
  tentativas: Type.Optional(Type.Array(Tentativa)),
  pix: Type.Optional(Type.Array(Type.Object({ ...PixRecebido.properties, txid: TxId }))),
});

// --- Webhooks and their callbacks ---------------------------------------------------------------

/** `PUT /webhook/{chave}`, `PUT /webhookrec`, `PUT /webhookcobr` (scopes webhook*.write). */
export const WebhookConfig = Type.Object({ webhookUrl: Type.String({ format: 'uri', pattern: '^https?://' }) }, closed);

/** `POST <webhookUrl>/pix`: Pix received for charges with a txid. */
export const PixCallback = Type.Object({ pix: Type.Array(PixRecebido, { minItems: 1, maxItems: 1000 }) });

/** `POST <webhookUrl>/rec`: a recurrence changed (approved, rejected, cancelled, expired). */
export const RecCallback = Type.Object({
  recs: Type.Array(
    Type.Object({ idRec: IdRec, status: RecStatus, atualizacao: Atualizacao(RecStatus), encerramento: Type.Optional(Encerramento), ativacao: Type.Optional(Rec.properties.ativacao) }),
    { minItems: 1, maxItems: 1000 },
  ),
});

/** `POST <webhookUrl>/cobr`: a recurring charge changed (attempt scheduled, paid, failed, retry…). */
export const CobRCallback = Type.Object({
  cobsr: Type.Array(
    Type.Object({
      idRec: IdRec,
      txid: TxId,
      status: CobRStatus,
      atualizacao: Atualizacao(CobRStatus),
      encerramento: Type.Optional(Encerramento),
      tentativas: Type.Optional(Type.Array(Tentativa)),
      pix: Type.Optional(CobR.properties.pix),
    }),
    { minItems: 1, maxItems: 1000 },
  ),
});

// --- Refunds: PUT /pix/{e2eid}/devolucao/{id} (scope pix.write) ---------------------------------

export const DevolucaoRequest = Type.Object(
  { valor: Valor, natureza: Type.Optional(Type.Literal('ORIGINAL')), descricao: Type.Optional(Type.String({ maxLength: 140 })) },
  closed,
);

export const Devolucao = Type.Object({
  id: Type.String({ pattern: '^[a-zA-Z0-9]{1,35}$' }),
  rtrId: Type.String({ pattern: '^[a-zA-Z0-9]{32}$' }),
  valor: Valor,
  status: Type.Enum(['EM_PROCESSAMENTO', 'DEVOLVIDO', 'NAO_REALIZADO']),
  horario: Type.Object({ solicitacao: Instant, liquidacao: Type.Optional(Instant) }),
});

/** The answer of `PUT /webhook/{chave}` has no body in the specification; a PSP may send `{}` or nothing. */
export const EmptyAnswer = Type.Union([Type.Null(), Type.Object({})]);

// --- OAuth2 client credentials and errors ------------------------------------------------------

export const TokenAnswer = Type.Object({
  access_token: Type.String({ minLength: 1 }),
  token_type: Type.String({ pattern: '^[Bb]earer$' }),
  expires_in: Type.Integer({ minimum: 1 }),
  scope: Type.Optional(Type.String()),
});

/** `Problema` (RFC 7807): every error answer of API Pix. */
export const Problema = Type.Object({
  type: Type.String(),
  title: Type.String(),
  status: Type.Integer(),
  detail: Type.Optional(Type.String()),
  correlationId: Type.Optional(Type.String()),
  violacoes: Type.Optional(Type.Array(Type.Object({ razao: Type.Optional(Type.String()), propriedade: Type.Optional(Type.String()), valor: Type.Optional(Type.String()) }))),
});

/** The OAuth2 scopes of API Pix the club asks for, one set per call. */
export type PixScope =
  | 'cob.write'
  | 'cob.read'
  | 'rec.write'
  | 'rec.read'
  | 'cobr.write'
  | 'cobr.read'
  | 'payloadlocationrec.write'
  | 'payloadlocationrec.read'
  | 'pix.write'
  | 'webhook.write'
  | 'webhookrec.write'
  | 'webhookcobr.write';

export type CobRequestBody = Static<typeof CobRequest>;
export type CobAnswer = Static<typeof Cob>;
export type LocRecAnswer = Static<typeof LocRec>;
export type RecRequestBody = Static<typeof RecRequest>;
export type RecAnswer = Static<typeof Rec>;
export type CobRRequestBody = Static<typeof CobRRequest>;
export type CobRAnswer = Static<typeof CobR>;
export type TentativaAnswer = Static<typeof Tentativa>;
export type PixRecebidoAnswer = Static<typeof PixRecebido>;
export type PixCallbackBody = Static<typeof PixCallback>;
export type RecCallbackBody = Static<typeof RecCallback>;
export type CobRCallbackBody = Static<typeof CobRCallback>;
export type DevolucaoAnswer = Static<typeof Devolucao>;
export type ProblemaBody = Static<typeof Problema>;
export type RecStatusValue = Static<typeof RecStatus>;
export type CobRStatusValue = Static<typeof CobRStatus>;
export type PeriodicidadeValue = Static<typeof Periodicidade>;
export type TipoContaValue = Static<typeof TipoConta>;

import { parse } from 'csv-parse/sync';
import { ObjectId } from 'mongodb';
import { COLLECTIONS } from '../helpers/collections';
import { neutraliseFormula } from '../../src/http/csv';
import { createActor, startTestApp, type TestActor, type TestApp } from '../helpers/app';
import { makeSubscriber } from '../helpers/catalogue';
import { expectErrorShape } from '../helpers/http';

let t: TestApp;
let admin: TestActor;
let member: TestActor;
/** Every name carries it, so searchTerm isolates this file's users from any other. */
const MARK = `Zq${Date.now().toString(36)}`;

const NAMES = {
  formula: `=HYPERLINK("http://mal.example/?${MARK}","clique")`,
  plus: `+55 11 ${MARK}`,
  minus: `-2+3 ${MARK}`,
  at: `@SUM(A1) ${MARK}`,
  quoted: `Souza, "Zé" ${MARK} Ação`,
  plain: `Beatriz ${MARK}`,
};

interface Download {
  status: number;
  headers: Headers;
  bytes: Buffer;
  rows: string[][];
}

/** Raw bytes (fetch's text() would drop the BOM the file must start with). */
async function download(path: string, token: string, query: Record<string, string> = {}): Promise<Download> {
  const url = new URL(path, t.url);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const bytes = Buffer.from(await response.arrayBuffer());
  const rows = response.ok ? (parse(bytes, { bom: true, delimiter: ';' }) as string[][]) : [];
  return { status: response.status, headers: response.headers, bytes, rows };
}

beforeAll(async () => {
  t = await startTestApp();
  [admin, member] = await Promise.all([createActor(t, 'ADMIN'), createActor(t)]);
  const actors = await Promise.all(Object.values(NAMES).map(() => createActor(t)));
  await Promise.all(
    Object.values(NAMES).map((name, index) =>
      t.call('PATCH', `/v1/users/${actors[index]!.id}`, { token: actors[index]!.token, body: { name } }).then((result) => {
        if (result.status !== 200) throw new Error(`nome não aceito: ${name}`);
      }),
    ),
  );
  // two of them subscribe; one also spent credits
  await makeSubscriber(t, actors[4]!, 3);
  await makeSubscriber(t, actors[5]!, 3);
  await t.db.collection(COLLECTIONS.users).updateOne({ _id: new ObjectId(actors[5]!.id) }, { $set: { 'credits.used': 2 } });
  t.app.responseCache.bump('users');
  await t.db.collection(COLLECTIONS.subscriptions).insertOne({
    _id: new ObjectId(),
    userId: new ObjectId(actors[0]!.id),
    planId: new ObjectId(),
    externalPlanId: 'plano-teste',
    externalId: 'sub_cancelada',
    status: 'CANCELED',
    isOpen: false,
    paymentMethod: 'PIX',
    startDate: new Date('2026-01-01T12:00:00.000Z'),
    endDate: null,
    cancelRequest: { reason: 'Preço', comment: null, requestedAt: new Date('2026-01-20T12:00:00.000Z') },
    canceledAt: new Date('2026-02-01T12:00:00.000Z'),
    createdAt: new Date('2026-01-01T12:00:00.000Z'),
    updatedAt: new Date('2026-02-01T12:00:00.000Z'),
  });
});

afterAll(async () => {
  await t.close();
});

describe('GET /v1/admin/exports/users', () => {
  test('When the admin exports a filtered, sorted list, then the file is UTF-8 with BOM, has a header and the same rows as the list', async () => {
    const filters = { searchTerm: MARK, field: 'name', criteria: 'desc' };
    const file = await download('/v1/admin/exports/users', admin.token, filters);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="usuarios-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect([...file.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(file.bytes.toString('utf8')).toContain('Ação');

    const [header, ...rows] = file.rows;
    expect(header).toEqual([
      'ID', 'Nome', 'E-mail', 'Papel', 'Assinante', 'Créditos (saldo)', 'Créditos usados', 'Cadastro concluído',
      'Laboratório', 'CNPJ', 'Cidade', 'UF', 'Cadastrado em',
    ]);
    const list = await t.call('GET', '/v1/users', { token: admin.token, query: { ...filters, limit: 100 } });
    expect(rows.map((row) => row[0])).toEqual(list.body.data.map((user: { _id: string }) => user._id));
    expect(rows).toHaveLength(6);
  });

  test('When a name would be a spreadsheet formula, then its cell starts with an apostrophe; quotes and commas survive', async () => {
    const file = await download('/v1/admin/exports/users', admin.token, { searchTerm: MARK });
    const names = file.rows.slice(1).map((row) => row[1]);
    expect(names).toEqual(
      expect.arrayContaining([`'${NAMES.formula}`, `'${NAMES.plus}`, `'${NAMES.minus}`, `'${NAMES.at}`, NAMES.quoted, NAMES.plain]),
    );
    expect(file.rows.slice(1).every((row) => row.every((cell) => !/^[=+\-@\t\r]/.test(cell)))).toBe(true);
  });

  test('When the admin filters by subscriber and used credits, then only those rows come', async () => {
    const subscribers = await download('/v1/admin/exports/users', admin.token, { searchTerm: MARK, isSubscriber: 'true' });
    expect(subscribers.rows.slice(1).map((row) => row[1]).sort()).toEqual([NAMES.plain, NAMES.quoted].sort());
    expect(subscribers.rows.slice(1).map((row) => row[4])).toEqual(['Sim', 'Sim']);
    const spent = await download('/v1/admin/exports/users', admin.token, { searchTerm: MARK, hasUsedCredits: 'true' });
    expect(spent.rows.slice(1).map((row) => [row[1], row[6]])).toEqual([[NAMES.plain, '2']]);
  });

  test('When a filter is invalid or the page is asked for, then the answer is a 400 and no file', async () => {
    expectErrorShape(await t.call('GET', '/v1/admin/exports/users', { token: admin.token, query: { role: 'ROOT' } }), 400);
    expectErrorShape(await t.call('GET', '/v1/admin/exports/users', { token: admin.token, query: { page: 2 } }), 400);
  });

  test('When a member asks for the file, then the answer is 403', async () => {
    expectErrorShape(await t.call('GET', '/v1/admin/exports/users', { token: member.token }), 403);
  });
});

describe('GET /v1/admin/exports/subscriptions', () => {
  test('When the admin filters by status, then the file holds those subscriptions with the owner and the status in words', async () => {
    const active = await download('/v1/admin/exports/subscriptions', admin.token, { status: 'ACTIVE' });
    expect(active.status).toBe(200);
    expect(active.headers.get('content-disposition')).toMatch(/filename="assinaturas-\d{4}-\d{2}-\d{2}\.csv"/);
    expect([...active.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(active.rows[0]).toEqual([
      'ID', 'Usuário (ID)', 'Nome', 'E-mail', 'Plano', 'Status', 'Forma de pagamento', 'Início', 'Fim do período',
      'Cancelamento solicitado em', 'Motivo do cancelamento', 'Cancelada em', 'Criada em',
    ]);
    expect(active.rows.slice(1).map((row) => row[2]).sort()).toEqual([NAMES.plain, NAMES.quoted].sort());
    expect(active.rows.slice(1).map((row) => row[5])).toEqual(['Ativa', 'Ativa']);

    const canceled = await download('/v1/admin/exports/subscriptions', admin.token, { status: 'CANCELED' });
    expect(canceled.rows.slice(1)).toEqual([
      [
        expect.stringMatching(/^[0-9a-f]{24}$/),
        expect.stringMatching(/^[0-9a-f]{24}$/),
        `'${NAMES.formula}`,
        expect.stringContaining('@'),
        '',
        'Cancelada',
        'PIX',
        '01/01/2026',
        '',
        '20/01/2026',
        'Preço',
        '01/02/2026',
        '01/01/2026',
      ],
    ]);
  });

  test('When the admin filters by user, then only that member\'s subscriptions come, as in the list endpoint', async () => {
    const list = await t.call('GET', '/v1/subscriptions/paginated', { token: admin.token, query: { status: 'CANCELED' } });
    const userId = list.body.data[0].userId as string;
    const file = await download('/v1/admin/exports/subscriptions', admin.token, { userId });
    const byList = await t.call('GET', '/v1/subscriptions/paginated', { token: admin.token, query: { userId, limit: 100 } });
    expect(file.rows.slice(1).map((row) => row[0])).toEqual(byList.body.data.map((subscription: { _id: string }) => subscription._id));
  });

  test('When a member asks for the file, then the answer is 403; a bad status is a 400', async () => {
    expectErrorShape(await t.call('GET', '/v1/admin/exports/subscriptions', { token: member.token }), 403);
    expectErrorShape(await t.call('GET', '/v1/admin/exports/subscriptions', { token: admin.token, query: { status: 'ATIVA' } }), 400);
  });
});

describe('neutraliseFormula', () => {
  test('When a cell starts with =, +, -, @, a tab or a carriage return, then it becomes text; anything else is kept', () => {
    expect(['=1+1', '+1', '-1', '@A1', '\t=1', '\r=1'].map(neutraliseFormula)).toEqual(["'=1+1", "'+1", "'-1", "'@A1", "'\t=1", "'\r=1"]);
    expect(['Ana', ' =1', '1-2', ''].map(neutraliseFormula)).toEqual(['Ana', ' =1', '1-2', '']);
  });
});

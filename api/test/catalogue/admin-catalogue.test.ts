import { Readable } from 'node:stream';
import { createActors, startTestApp, type Actors, type TestApp } from '../helpers/app';
import { expectErrorShape } from '../helpers/http';
import { createCategory, createContent, createVideo, storeDemoFiles } from '../helpers/catalogue';

let testApp: TestApp;
let actors: Actors;
let nowMs = Date.parse('2026-03-10T12:00:00Z');
const HOUR = 3600_000;

beforeAll(async () => {
  testApp = await startTestApp({ now: () => new Date(nowMs) });
  await storeDemoFiles(testApp.app);
  actors = await createActors(testApp);
});

afterAll(() => testApp.close());

const admin = () => actors.admin.token;

describe('Categories', () => {
  test('When categories are created, then the list follows their order and slugs come from the names', async () => {
    const second = await createCategory(testApp, actors.admin, { name: 'Qualidade Analítica', order: 2 });
    const first = await createCategory(testApp, actors.admin, { name: 'Biossegurança Básica', order: 1 });
    expect(first.slug).toBe('biosseguranca-basica');
    const list = await testApp.call('GET', '/v1/categories', { query: { limit: 100 } });
    const ids = list.body.data.map((category: { _id: string }) => category._id);
    expect(ids.indexOf(first._id)).toBeLessThan(ids.indexOf(second._id));
    expect((await testApp.call('GET', '/v1/categories/biosseguranca-basica')).body._id).toBe(first._id);
  });

  test('When a slug is taken, then creating or renaming to it is a 409 in Portuguese', async () => {
    const taken = await createCategory(testApp, actors.admin, { name: 'Equipamentos Gerais' });
    const again = await testApp.call('POST', '/v1/categories', { token: admin(), body: { name: 'Outra', slug: taken.slug } });
    expectErrorShape(again, 409);
    expect(again.body.message).toBe('Já existe uma categoria com este endereço (slug). Escolha outro.');
    const other = await createCategory(testApp, actors.admin);
    expectErrorShape(await testApp.call('PATCH', `/v1/categories/${other._id}`, { token: admin(), body: { slug: taken.slug } }), 409);
  });

  test('When a category still used by contents or videos is deleted, then 409 names the uses; once empty, 204', async () => {
    const category = await createCategory(testApp, actors.admin, { name: 'Em uso' });
    const content = await createContent(testApp, actors.admin, category._id);
    // Its own file: deleting the video deletes the file (no other video plays it), not the demo one others use.
    await testApp.app.fileStorage.write('videos/em-uso.mp4', Readable.from([Buffer.from('mp4')]), 'video/mp4');
    const video = await createVideo(testApp, actors.admin, category._id, { source: { kind: 'file', url: 'videos/em-uso.mp4' } });
    const refused = await testApp.call('DELETE', `/v1/categories/${category._id}`, { token: admin() });
    expectErrorShape(refused, 409);
    expect(refused.body).toMatchObject({
      code: 'CATEGORY_IN_USE',
      message: 'A categoria "Em uso" ainda é usada por 1 conteúdo(s) e 1 vídeo(s). Mova-os para outra categoria antes de excluí-la.',
    });
    await testApp.call('DELETE', `/v1/contents/${content._id}`, { token: admin() });
    expectErrorShape(await testApp.call('DELETE', `/v1/categories/${category._id}`, { token: admin() }), 409);
    await testApp.call('DELETE', `/v1/videos/${video._id}`, { token: admin() });
    expect((await testApp.call('DELETE', `/v1/categories/${category._id}`, { token: admin() })).status).toBe(204);
    expect((await testApp.call('GET', `/v1/categories/${category._id}`)).status).toBe(404);
  });

  test('When an item points at a category that does not exist, then 400 CATEGORY_NOT_FOUND', async () => {
    const result = await testApp.call('POST', '/v1/contents', {
      token: admin(),
      body: { title: 'Sem categoria', summary: 'x', body: 'y', categoryId: '0123456789abcdef01234567', access: 'FREE' },
    });
    expectErrorShape(result, 400);
    expect(result.body.code).toBe('CATEGORY_NOT_FOUND');
  });
});

describe('Slug preview (GET /admin/slug-preview): the admin shows what the API stores', () => {
  const preview = (text: string, token = admin()) => testApp.call('GET', '/v1/admin/slug-preview', { token, query: { text } });

  test('When the admin previews a title, then the answer is the slug the API then stores for a content, a video and a category', async () => {
    const category = await createCategory(testApp, actors.admin);
    const cases: [string, string][] = [
      ['Café & Pão: 100%', 'cafe-pao-100'],
      ['  Coleta de Sangue — Boas Práticas!  ', 'coleta-de-sangue-boas-praticas'],
      ['Ação, reação e ÇÃO', 'acao-reacao-e-cao'],
    ];
    for (const [text, expected] of cases) {
      const answer = await preview(text);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ slug: expected });
    }
    const [text, slug] = cases[0]!;
    expect((await createContent(testApp, actors.admin, category._id, { title: text })).slug).toBe(slug);
    expect((await createVideo(testApp, actors.admin, category._id, { title: text })).slug).toBe(slug);
    expect((await createCategory(testApp, actors.admin, { name: text })).slug).toBe(slug);
  });

  test('When the text is blank or a member asks, then 400 / 403 in Portuguese and nothing is derived', async () => {
    const blank = await preview('   ');
    expectErrorShape(blank, 400);
    expect(blank.body.message).toMatch(/text/);
    expectErrorShape(await preview('Título', actors.member.token), 403);
  });
});

describe('Publication (injectable clock)', () => {
  test('When a draft is published, then publishedAt is the clock time and members start seeing it', async () => {
    const category = await createCategory(testApp, actors.admin);
    const draft = await createContent(testApp, actors.admin, category._id, { status: 'DRAFT' });
    expect(draft).toMatchObject({ status: 'DRAFT', publishedAt: null });
    expect((await testApp.call('GET', `/v1/contents/${draft.slug}`, { token: actors.member.token })).status).toBe(404);
    expect((await testApp.call('GET', `/v1/contents/${draft.slug}`, { token: admin() })).status).toBe(200);

    nowMs += HOUR;
    const published = await testApp.call('PATCH', `/v1/contents/${draft._id}`, { token: admin(), body: { status: 'PUBLISHED' } });
    expect(published.body).toMatchObject({ status: 'PUBLISHED', publishedAt: new Date(nowMs).toISOString() });
    expect((await testApp.call('GET', `/v1/contents/${draft.slug}`, { token: actors.member.token })).status).toBe(200);

    nowMs += HOUR;
    const edited = await testApp.call('PATCH', `/v1/contents/${draft._id}`, { token: admin(), body: { title: 'Título revisado' } });
    expect(edited.body.publishedAt).toBe(published.body.publishedAt);
    const back = await testApp.call('PATCH', `/v1/contents/${draft._id}`, { token: admin(), body: { status: 'DRAFT' } });
    expect(back.body).toMatchObject({ status: 'DRAFT', publishedAt: null });
  });

  test('When an item is published with a future date, then it stays hidden from members until the clock reaches it', async () => {
    const category = await createCategory(testApp, actors.admin);
    const at = new Date(nowMs + 2 * HOUR).toISOString();
    const video = await createVideo(testApp, actors.admin, category._id, { publishedAt: at });
    expect(video.publishedAt).toBe(at);
    const visible = async () => {
      const list = await testApp.call('GET', '/v1/videos', { token: actors.member.token, query: { categoryId: category._id } });
      const detail = await testApp.call('GET', `/v1/videos/${video._id}`);
      return [list.body.meta.total, detail.status];
    };
    expect(await visible()).toEqual([0, 404]);
    nowMs += 2 * HOUR - 1;
    expect(await visible()).toEqual([0, 404]);
    nowMs += 1;
    expect(await visible()).toEqual([1, 200]);
  });

  test('When CREDITS lacks a cost or another level sends one, then 400', async () => {
    const category = await createCategory(testApp, actors.admin);
    const base = { title: 'Custo', summary: 'x', body: 'y', categoryId: category._id };
    const noCost = await testApp.call('POST', '/v1/contents', { token: admin(), body: { ...base, access: 'CREDITS' } });
    expect(noCost.body.code).toBe('CREDIT_COST_REQUIRED');
    const freeCost = await testApp.call('POST', '/v1/contents', { token: admin(), body: { ...base, access: 'FREE', creditCost: 2 } });
    expect(freeCost.body.code).toBe('CREDIT_COST_NOT_ALLOWED');
  });

  test('When a video points at a file that is not stored, then 400 FILE_NOT_FOUND', async () => {
    const category = await createCategory(testApp, actors.admin);
    const result = await testApp.call('POST', '/v1/videos', {
      token: admin(),
      body: { title: 'Sem arquivo', source: { kind: 'file', url: 'videos/nao-existe.mp4' }, durationSeconds: 5, categoryId: category._id, access: 'FREE' },
    });
    expectErrorShape(result, 400);
    expect(result.body.code).toBe('FILE_NOT_FOUND');
  });
});

describe('Lists: filters, literal search, pagination, newest first', () => {
  test('When filtering by category, access and search, then only matching published items come, newest first', async () => {
    const category = await createCategory(testApp, actors.admin);
    const made = [];
    for (const [index, access] of (['FREE', 'SUBSCRIBERS', 'CREDITS', 'FREE'] as const).entries()) {
      nowMs += 60_000;
      made.push(await createContent(testApp, actors.admin, category._id, { access, title: `Hemograma parte ${index + 1}`, summary: index === 3 ? 'Leitura de lâminas (a+b)*' : 'Resumo' }));
    }
    await createContent(testApp, actors.admin, category._id, { status: 'DRAFT', title: 'Hemograma rascunho' });

    const all = await testApp.call('GET', '/v1/contents', { query: { categoryId: category._id } });
    expect(all.body.data.map((item: { _id: string }) => item._id)).toEqual(made.map((item) => item._id).reverse());
    expect(all.body.meta).toEqual({ page: 1, limit: 10, total: 4, totalPages: 1 });

    const adminAll = await testApp.call('GET', '/v1/contents', { token: admin(), query: { categoryId: category._id } });
    expect(adminAll.body.meta.total).toBe(5);
    const drafts = await testApp.call('GET', '/v1/contents', { token: admin(), query: { categoryId: category._id, status: 'DRAFT' } });
    expect(drafts.body.data.map((item: { title: string }) => item.title)).toEqual(['Hemograma rascunho']);
    const memberDrafts = await testApp.call('GET', '/v1/contents', { token: actors.member.token, query: { categoryId: category._id, status: 'DRAFT' } });
    expect(memberDrafts.body.meta.total).toBe(4);

    const free = await testApp.call('GET', '/v1/contents', { query: { categoryId: category._id, access: 'FREE' } });
    expect(free.body.data.map((item: { _id: string }) => item._id)).toEqual([made[3]!._id, made[0]!._id]);

    const literal = await testApp.call('GET', '/v1/contents', { query: { categoryId: category._id, search: '(a+b)*' } });
    expect(literal.body.data.map((item: { _id: string }) => item._id)).toEqual([made[3]!._id]);
    const pattern = await testApp.call('GET', '/v1/contents', { query: { categoryId: category._id, search: '.*' } });
    expect(pattern.body.meta.total).toBe(0);
    const caseless = await testApp.call('GET', '/v1/contents', { query: { categoryId: category._id, search: 'HEMOGRAMA PARTE 2' } });
    expect(caseless.body.data.map((item: { _id: string }) => item._id)).toEqual([made[1]!._id]);

    const page2 = await testApp.call('GET', '/v1/contents', { query: { categoryId: category._id, page: 2, limit: 3 } });
    expect(page2.body.meta).toEqual({ page: 2, limit: 3, total: 4, totalPages: 2 });
    expect(page2.body.data.map((item: { _id: string }) => item._id)).toEqual([made[0]!._id]);
    const oldest = await testApp.call('GET', '/v1/contents', { query: { categoryId: category._id, sort: 'oldest', limit: 1 } });
    expect(oldest.body.data[0]._id).toBe(made[0]!._id);
  });

  test('When limit is above 100, then 400', async () => {
    expectErrorShape(await testApp.call('GET', '/v1/videos', { query: { limit: 101 } }), 400);
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createActor } from '../../helpers/app';
import {
  ASSETS_DIR,
  createCategory,
  createContent,
  createVideo,
  DEMO_VIDEO_KEY,
  fileForm,
  makeSubscriber,
  storeDemoFiles,
} from '../../helpers/catalogue';
import type { MatrixContext, MatrixGroup, MatrixRow } from '../matrix';

/** Catalogue rows always say what the subscriber (ACTIVE subscription) gets. */
/** A real PNG (the demo cover), so the upload row sends a valid image. */
const PNG_BYTES = readFileSync(path.join(ASSETS_DIR, 'demo-capa-qualidade.png'));

type CatalogueRow = MatrixRow & { expect: MatrixRow['expect'] & { subscriber: number } };

const ALL_OK = { anonymous: 200, member: 200, otherMember: 200, admin: 200, subscriber: 200 };
const ADMIN_ONLY = (status: number) => ({ anonymous: 401, member: 403, otherMember: 403, admin: status, subscriber: 403 });
const SIGNED_IN = (status: number) => ({ anonymous: 401, member: status, otherMember: status, admin: status, subscriber: status });

/**
 * The world every catalogue group shares (created once): a subscriber with credits, the demo
 * files in storage, categories, contents and videos of every access level, a banner and a
 * suggestion by `member`; each mutating row gets its own target so the order of cells never matters.
 */
async function prepareCatalogue(ctx: MatrixContext): Promise<void> {
  if (ctx.fixtures.catalogue) return;
  const { testApp, actors } = ctx;
  const admin = actors.admin;
  const subscriber = await createActor(testApp);
  await makeSubscriber(testApp, subscriber, 100);
  ctx.fixtures.subscriber = subscriber;
  await storeDemoFiles(testApp.app);

  const category = await createCategory(testApp, admin, { slug: 'matriz' });
  const id = (item: { _id: string }) => item._id;
  const f: Record<string, string> = {
    categoryId: id(category),
    categoryToPatch: id(await createCategory(testApp, admin)),
    categoryToDelete: id(await createCategory(testApp, admin)),
    contentFree: id(await createContent(testApp, admin, category._id, { access: 'FREE' })),
    contentCredits: id(await createContent(testApp, admin, category._id, { access: 'CREDITS', creditCost: 1 })),
    contentToPatch: id(await createContent(testApp, admin, category._id)),
    contentToDelete: id(await createContent(testApp, admin, category._id)),
    videoSubscribers: id(await createVideo(testApp, admin, category._id, { access: 'SUBSCRIBERS' })),
    videoToPatch: id(await createVideo(testApp, admin, category._id)),
    videoToDelete: id(await createVideo(testApp, admin, category._id)),
  };
  const banner = (title: string) =>
    testApp.call('POST', '/v1/banners', { token: admin.token, body: { title, imageUrl: 'https://cdn.exemplo.com.br/banner.png' } });
  f.bannerToRead = (await banner('Banner lido')).body._id;
  f.bannerToPatch = (await banner('Banner alterado')).body._id;
  f.bannerToDelete = (await banner('Banner excluído')).body._id;
  const suggestion = await testApp.call('POST', '/v1/suggestions', {
    token: actors.member.token,
    body: { subject: 'Mais vídeos', message: 'Gostaria de vídeos sobre gasometria.' },
  });
  f.suggestion = suggestion.body._id;
  const signed = testApp.app.fileUrls.signedPath(DEMO_VIDEO_KEY);
  const query = new URL(signed.path, 'http://x').searchParams;
  f.signedExpires = query.get('expires')!;
  f.signedSignature = query.get('signature')!;
  ctx.fixtures.catalogue = f;
}

const fx = (ctx: MatrixContext) => ctx.fixtures.catalogue as Record<string, string>;

function group(name: string, rows: CatalogueRow[]): MatrixGroup {
  return { name, prepare: prepareCatalogue, rows };
}

export const categoriesGroup = group('categories', [
  { method: 'GET', route: '/v1/categories/', query: () => ({ page: 1, limit: 5 }), expect: ALL_OK },
  { method: 'GET', route: '/v1/categories/:idOrSlug', params: () => ({ idOrSlug: 'matriz' }), expect: ALL_OK },
  { method: 'POST', route: '/v1/categories/', body: () => ({ name: 'Categoria da matriz', slug: 'categoria-da-matriz' }), expect: ADMIN_ONLY(201) },
  {
    method: 'PATCH',
    route: '/v1/categories/:id',
    params: (ctx) => ({ id: fx(ctx).categoryToPatch! }),
    body: () => ({ order: 7 }),
    expect: ADMIN_ONLY(200),
  },
  { method: 'DELETE', route: '/v1/categories/:id', params: (ctx) => ({ id: fx(ctx).categoryToDelete! }), expect: ADMIN_ONLY(204) },
]);

function itemRows(kind: 'contents' | 'videos'): CatalogueRow[] {
  const readable = kind === 'contents' ? 'contentFree' : 'videoSubscribers';
  const toPatch = kind === 'contents' ? 'contentToPatch' : 'videoToPatch';
  const toDelete = kind === 'contents' ? 'contentToDelete' : 'videoToDelete';
  const createBody = (ctx: MatrixContext) =>
    kind === 'contents'
      ? { title: 'Novo conteúdo da matriz', summary: 'Resumo.', body: 'Corpo.', categoryId: fx(ctx).categoryId, access: 'FREE' }
      : {
          title: 'Novo vídeo da matriz',
          source: { kind: 'youtube', url: 'https://www.youtube.com/embed/matriz' },
          durationSeconds: 60,
          categoryId: fx(ctx).categoryId,
          access: 'FREE',
        };
  return [
    { method: 'GET', route: `/v1/${kind}/`, query: () => ({ page: 1, limit: 5 }), expect: ALL_OK },
    { method: 'GET', route: `/v1/${kind}/:idOrSlug`, label: 'cartão ou completo, conforme o acesso', params: (ctx) => ({ idOrSlug: fx(ctx)[readable]! }), expect: ALL_OK },
    { method: 'POST', route: `/v1/${kind}/`, body: createBody, expect: ADMIN_ONLY(201) },
    {
      method: 'PATCH',
      route: `/v1/${kind}/:id`,
      params: (ctx) => ({ id: fx(ctx)[toPatch]! }),
      body: () => ({ title: 'Título alterado na matriz', status: 'DRAFT' }),
      expect: ADMIN_ONLY(200),
    },
    { method: 'DELETE', route: `/v1/${kind}/:id`, params: (ctx) => ({ id: fx(ctx)[toDelete]! }), expect: ADMIN_ONLY(204) },
  ];
}

export const contentsGroup = group('contents', itemRows('contents'));
export const videosGroup = group('videos', itemRows('videos'));

export const bannersGroup = group('banners', [
  { method: 'GET', route: '/v1/banners/', query: () => ({ page: 1, limit: 5 }), expect: ALL_OK },
  { method: 'GET', route: '/v1/banners/all', query: () => ({ page: 1, limit: 5 }), expect: ADMIN_ONLY(200) },
  { method: 'GET', route: '/v1/banners/:id', params: (ctx) => ({ id: fx(ctx).bannerToRead! }), expect: ADMIN_ONLY(200) },
  {
    method: 'POST',
    route: '/v1/banners/',
    body: () => ({ title: 'Banner da matriz', imageUrl: '/v1/files/images/demo-capa-qualidade.png', linkUrl: '/planos' }),
    expect: ADMIN_ONLY(201),
  },
  {
    method: 'PATCH',
    route: '/v1/banners/order',
    body: (ctx) => ({ ids: [fx(ctx).bannerToPatch, fx(ctx).bannerToRead] }),
    expect: ADMIN_ONLY(200),
  },
  {
    method: 'PATCH',
    route: '/v1/banners/:id',
    params: (ctx) => ({ id: fx(ctx).bannerToPatch! }),
    body: () => ({ active: false }),
    expect: ADMIN_ONLY(200),
  },
  { method: 'DELETE', route: '/v1/banners/:id', params: (ctx) => ({ id: fx(ctx).bannerToDelete! }), expect: ADMIN_ONLY(204) },
]);

export const suggestionsGroup = group('suggestions', [
  {
    method: 'POST',
    route: '/v1/suggestions/',
    body: () => ({ subject: 'Sugestão da matriz', message: 'Uma mensagem com mais de dez caracteres.' }),
    expect: SIGNED_IN(201),
  },
  { method: 'GET', route: '/v1/suggestions/', query: () => ({ status: 'NEW' }), expect: ADMIN_ONLY(200) },
  {
    method: 'PATCH',
    route: '/v1/suggestions/:id',
    params: (ctx) => ({ id: fx(ctx).suggestion! }),
    body: () => ({ status: 'READ' }),
    expect: ADMIN_ONLY(200),
  },
]);

export const unlocksGroup = group('unlocks', [
  {
    method: 'POST',
    route: '/v1/unlocks/',
    label: 'item CREDITS: só com assinatura ativa',
    body: (ctx) => ({ itemType: 'CONTENT', itemId: fx(ctx).contentCredits }),
    expect: { anonymous: 401, member: 403, otherMember: 403, admin: 403, subscriber: 201 },
  },
  { method: 'GET', route: '/v1/me/unlocks', query: () => ({ page: 1, limit: 10 }), expect: SIGNED_IN(200) },
]);

export const filesGroup = group('files', [
  {
    method: 'GET',
    route: '/v1/files/:folder/:name',
    label: 'vídeo com link assinado, sem token',
    params: () => ({ folder: 'videos', name: 'demo-coleta-segura.mp4' }),
    query: (ctx) => ({ expires: fx(ctx).signedExpires!, signature: fx(ctx).signedSignature! }),
    expect: ALL_OK,
  },
  {
    method: 'GET',
    route: '/v1/files/:folder/:name',
    label: 'vídeo sem assinatura: nem com token',
    params: () => ({ folder: 'videos', name: 'demo-coleta-segura.mp4' }),
    expect: { anonymous: 403, member: 403, otherMember: 403, admin: 403, subscriber: 403 },
  },
  {
    method: 'GET',
    route: '/v1/files/:folder/:name',
    label: 'imagem pública',
    params: () => ({ folder: 'images', name: 'demo-capa-qualidade.png' }),
    expect: ALL_OK,
  },
]);

export const uploadsGroup = group('uploads', [
  {
    method: 'POST',
    route: '/v1/uploads/',
    label: 'imagem PNG válida',
    request: () => ({ formData: fileForm(PNG_BYTES, 'capa.png', 'image/png') }),
    expect: ADMIN_ONLY(201),
  },
]);

// ---- the member's club (issue 12): progress, transcripts, search ----

const MATRIX_VTT = 'WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nFala da matriz\n';

/** Transcripts on the subscribers' video (read rows) and on one to replace and one to delete. */
async function prepareTranscripts(ctx: MatrixContext): Promise<void> {
  await prepareCatalogue(ctx);
  const f = fx(ctx);
  if (f.videoWithTranscriptToDelete) return;
  const { testApp, actors } = ctx;
  const category = f.categoryId!;
  f.videoForTranscript = (await createVideo(testApp, actors.admin, category))._id;
  f.videoWithTranscriptToDelete = (await createVideo(testApp, actors.admin, category))._id;
  for (const id of [f.videoSubscribers!, f.videoWithTranscriptToDelete]) {
    const saved = await testApp.call('PUT', `/v1/videos/${id}/transcript`, { token: actors.admin.token, body: { content: MATRIX_VTT } });
    if (saved.status !== 200) throw new Error(`transcrição da matriz: ${saved.status}`);
  }
}

export const transcriptsGroup: MatrixGroup = {
  name: 'transcripts',
  prepare: prepareTranscripts,
  rows: [
    {
      method: 'GET',
      route: '/v1/videos/:idOrSlug/transcript',
      label: 'vídeo de assinantes',
      params: (ctx) => ({ idOrSlug: fx(ctx).videoSubscribers! }),
      expect: { anonymous: 401, member: 403, otherMember: 403, admin: 200, subscriber: 200 },
    },
    {
      method: 'GET',
      route: '/v1/videos/:idOrSlug/transcript.vtt',
      label: 'vídeo de assinantes, sem link assinado',
      params: (ctx) => ({ idOrSlug: fx(ctx).videoSubscribers! }),
      expect: { anonymous: 401, member: 403, otherMember: 403, admin: 200, subscriber: 200 },
    },
    {
      method: 'PUT',
      route: '/v1/videos/:id/transcript',
      params: (ctx) => ({ id: fx(ctx).videoForTranscript! }),
      body: () => ({ content: MATRIX_VTT }),
      expect: ADMIN_ONLY(200),
    },
    {
      method: 'DELETE',
      route: '/v1/videos/:id/transcript',
      params: (ctx) => ({ id: fx(ctx).videoWithTranscriptToDelete! }),
      expect: ADMIN_ONLY(204),
    },
  ] satisfies CatalogueRow[],
};

export const progressGroup = group('progress', [
  {
    method: 'PUT',
    route: '/v1/me/progress/videos/:id',
    label: 'vídeo de assinantes: só quem pode assistir',
    params: (ctx) => ({ id: fx(ctx).videoSubscribers! }),
    body: () => ({ positionSeconds: 1, durationSeconds: 8 }),
    expect: { anonymous: 401, member: 403, otherMember: 403, admin: 200, subscriber: 200 },
  },
  { method: 'GET', route: '/v1/me/progress', query: () => ({ page: 1, limit: 10, status: 'IN_PROGRESS' }), expect: SIGNED_IN(200) },
]);

export const searchGroup = group('search', [
  { method: 'GET', route: '/v1/search/', query: () => ({ q: 'matriz calibração', page: 1, limit: 5 }), expect: ALL_OK },
]);

export const CATALOGUE_GROUPS = [
  categoriesGroup,
  contentsGroup,
  videosGroup,
  bannersGroup,
  suggestionsGroup,
  unlocksGroup,
  filesGroup,
  uploadsGroup,
  progressGroup,
  transcriptsGroup,
  searchGroup,
];

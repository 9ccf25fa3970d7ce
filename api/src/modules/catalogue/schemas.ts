import { Type, type Static } from 'typebox';
import { ACCESS_LEVELS, PUBLICATION_STATUSES } from './documents';
import { DOCUMENT_KEY_PATTERN, IMAGE_URL_PATTERN, VIDEO_KEY_PATTERN } from '../../plugins/file-storage/file-key-schemas';
import { DateTime, ObjectIdString, PageQuery } from '../../http/schemas';

const Text = (minLength: number, maxLength: number, description?: string) =>
  Type.String({ minLength, maxLength, pattern: '\\S', ...(description ? { description } : {}) });

/** a-z, 0-9 and single hyphens (what rules/slug.ts makes, and what an admin may type). */
export const SLUG_PATTERN = '^[a-z0-9]+(?:-[a-z0-9]+)*$';

export const Slug = Type.String({ minLength: 1, maxLength: 100, pattern: SLUG_PATTERN, description: 'Endereço amigável (a-z, 0-9, hífens)' });
export const ImageUrl = Type.String({ pattern: IMAGE_URL_PATTERN, description: 'https://… ou /v1/files/images/… (resposta de POST /v1/uploads)' });
export const AccessLevel = Type.Enum([...ACCESS_LEVELS], { description: 'FREE: membros; SUBSCRIBERS: assinatura ativa; CREDITS: desbloqueio com créditos' });
export const PublicationStatus = Type.Enum([...PUBLICATION_STATUSES]);
export const CreditCost = Type.Integer({ minimum: 0, maximum: 1000, description: 'Créditos para desbloquear (só CREDITS; senão 0)' });

export const IdOrSlugParams = Type.Object(
  {
    idOrSlug: Type.String({
      minLength: 1,
      maxLength: 100,
      pattern: `^([0-9a-fA-F]{24}|${SLUG_PATTERN.slice(1, -1)})$`,
      description: 'id (24 hex) ou slug',
    }),
  },
  { additionalProperties: false },
);

// ---- categories ----

export const CategorySchema = Type.Object({
  _id: ObjectIdString,
  name: Type.String(),
  slug: Type.String(),
  order: Type.Integer(),
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type CategoryResponse = Static<typeof CategorySchema>;

export const CategoryListQuery = Type.Object({ ...PageQuery }, { additionalProperties: false });

export const CreateCategoryBody = Type.Object(
  {
    name: Text(2, 80, 'Nome da categoria'),
    slug: Type.Optional(Slug),
    order: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
  },
  { additionalProperties: false },
);

export const UpdateCategoryBody = Type.Object(
  {
    name: Type.Optional(Text(2, 80)),
    slug: Type.Optional(Slug),
    order: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
  },
  { additionalProperties: false, minProperties: 1 },
);

// ---- what contents and videos share ----

export const ReorderCategoriesBody = Type.Object(
  { ids: Type.Array(ObjectIdString, { minItems: 1, maxItems: 200, description: 'Categorias na nova ordem' }) },
  { additionalProperties: false },
);

export const CategoryRef = Type.Union([Type.Object({ _id: ObjectIdString, name: Type.String(), slug: Type.String() }), Type.Null()]);

export const LockReason = Type.Union([
  Type.Enum(['SIGN_IN_REQUIRED', 'SUBSCRIPTION_REQUIRED', 'UNLOCK_REQUIRED']),
  Type.Null(),
]);

/** The card every visitor may see, with the caller's gate. */
const cardFields = {
  _id: ObjectIdString,
  title: Type.String(),
  slug: Type.String(),
  categoryId: ObjectIdString,
  category: CategoryRef,
  access: AccessLevel,
  creditCost: Type.Integer(),
  status: PublicationStatus,
  publishedAt: Type.Union([DateTime, Type.Null()]),
  createdAt: DateTime,
  updatedAt: DateTime,
  locked: Type.Boolean({ description: 'true: o corpo, os anexos e a fonte do vídeo não vêm na resposta' }),
  lockReason: LockReason,
  lockMessage: Type.Union([Type.String(), Type.Null()], { description: 'Por que está bloqueado, em português' }),
  unlocked: Type.Boolean({ description: 'O membro desbloqueou com créditos' }),
};

export const ItemListQueryFields = {
  ...PageQuery,
  categoryId: Type.Optional(ObjectIdString),
  search: Type.Optional(Type.String({ maxLength: 100, description: 'Texto literal procurado no título e no resumo/descrição' })),
  access: Type.Optional(AccessLevel),
  status: Type.Optional(Type.Enum([...PUBLICATION_STATUSES], { description: 'Só administradores; os demais veem apenas publicados' })),
  sort: Type.Optional(Type.Enum(['newest', 'oldest', 'title'], { default: 'newest', description: 'Ordem (padrão: mais recentes)' })),
};

export const ItemListQuery = Type.Object(ItemListQueryFields, { additionalProperties: false });
export type ItemListQueryType = Static<typeof ItemListQuery>;

// ---- contents ----

export const AttachmentInput = Type.Object(
  {
    name: Text(1, 120, 'Nome exibido'),
    key: Type.String({ pattern: DOCUMENT_KEY_PATTERN, description: 'Chave devolvida por POST /v1/uploads (PDF ou imagem)' }),
  },
  { additionalProperties: false },
);

export const AttachmentSchema = Type.Object({
  name: Type.String(),
  key: Type.String(),
  contentType: Type.String(),
  url: Type.String({ description: 'Link assinado, de curta duração' }),
  expiresAt: DateTime,
});

export const ContentSchema = Type.Object(
  {
    ...cardFields,
    summary: Type.String(),
    coverUrl: Type.Union([Type.String(), Type.Null()]),
    attachmentsCount: Type.Integer(),
    body: Type.Optional(Type.String({ description: 'Só quando locked = false' })),
    attachments: Type.Optional(Type.Array(AttachmentSchema, { description: 'Só quando locked = false' })),
  },
  { description: 'Conteúdo (o corpo e os anexos só para quem tem acesso)' },
);
export type ContentResponse = Static<typeof ContentSchema>;

const contentFields = {
  title: Text(3, 160, 'Título'),
  slug: Slug,
  summary: Text(1, 500, 'Resumo exibido no cartão'),
  body: Text(1, 50_000, 'Texto completo (markdown)'),
  categoryId: ObjectIdString,
  coverUrl: Type.Union([ImageUrl, Type.Null()]),
  attachments: Type.Array(AttachmentInput, { maxItems: 20 }),
  access: AccessLevel,
  creditCost: CreditCost,
  status: PublicationStatus,
  publishedAt: Type.Union([DateTime, Type.Null()], { description: 'Ao publicar; no futuro, agenda a publicação' }),
};

export const CreateContentBody = Type.Object(
  {
    title: contentFields.title,
    slug: Type.Optional(contentFields.slug),
    summary: contentFields.summary,
    body: contentFields.body,
    categoryId: contentFields.categoryId,
    coverUrl: Type.Optional(contentFields.coverUrl),
    attachments: Type.Optional(contentFields.attachments),
    access: contentFields.access,
    creditCost: Type.Optional(contentFields.creditCost),
    status: Type.Optional(contentFields.status),
    publishedAt: Type.Optional(contentFields.publishedAt),
  },
  { additionalProperties: false },
);
export type CreateContentInput = Static<typeof CreateContentBody>;

export const UpdateContentBody = Type.Partial(Type.Object(contentFields), { additionalProperties: false, minProperties: 1 });
export type UpdateContentInput = Static<typeof UpdateContentBody>;

// ---- videos ----

export const VideoSourceInput = Type.Union(
  [
    Type.Object(
      { kind: Type.Literal('file'), url: Type.String({ pattern: VIDEO_KEY_PATTERN, description: 'Chave do MP4 (POST /v1/uploads)' }) },
      { additionalProperties: false },
    ),
    Type.Object(
      {
        kind: Type.Literal('youtube'),
        url: Type.String({ pattern: '^https://(www\\.)?(youtube\\.com|youtube-nocookie\\.com|youtu\\.be)/[A-Za-z0-9_?=&/.-]{1,200}$' }),
      },
      { additionalProperties: false },
    ),
    Type.Object(
      { kind: Type.Literal('vimeo'), url: Type.String({ pattern: '^https://(player\\.)?vimeo\\.com/[A-Za-z0-9_?=&/.-]{1,200}$' }) },
      { additionalProperties: false },
    ),
  ],
  { description: 'file: MP4 enviado; youtube / vimeo: endereço do vídeo' },
);

export const VideoSourceSchema = Type.Object({
  kind: Type.Enum(['file', 'youtube', 'vimeo']),
  url: Type.String({ description: 'file: link assinado de curta duração (aceita Range); youtube/vimeo: o endereço' }),
  key: Type.Optional(Type.String({ description: 'file: a chave no armazenamento (para editar)' })),
  expiresAt: Type.Optional(DateTime),
  hlsUrl: Type.Optional(
    Type.String({ description: 'file: a playlist HLS (master.m3u8) assinada no caminho, de curta duração, quando a conversão está pronta; sem ela, toca o MP4 (url)' }),
  ),
  posterUrl: Type.Optional(Type.String({ description: 'file: a imagem de capa do player (um quadro do vídeo, JPEG), com a mesma assinatura do hlsUrl' })),
});

export const ChapterSchema = Type.Object(
  {
    startSeconds: Type.Integer({ minimum: 0, maximum: 86_400, description: 'Onde o capítulo começa (segundos)' }),
    title: Text(1, 120, 'Título do capítulo'),
  },
  { additionalProperties: false },
);

export const ChaptersInput = Type.Array(ChapterSchema, {
  maxItems: 200,
  description: 'Em ordem crescente de início, sem repetir, dentro da duração do vídeo',
});

/** The caller's own progress on a video (signed-in members; progress/rules/watch-progress.ts). */
export const VideoProgressSummary = Type.Object({
  positionSeconds: Type.Number({ description: 'Onde retomar' }),
  durationSeconds: Type.Number(),
  watchedSeconds: Type.Number({ description: 'Segundos realmente assistidos (saltos à frente não contam)' }),
  percent: Type.Integer({ minimum: 0, maximum: 100 }),
  finished: Type.Boolean({ description: 'true a partir de 90 % assistido' }),
  finishedAt: Type.Union([DateTime, Type.Null()]),
  lastWatchedAt: DateTime,
});

export const VideoSchema = Type.Object(
  {
    ...cardFields,
    description: Type.String(),
    durationSeconds: Type.Integer(),
    thumbnailUrl: Type.Union([Type.String(), Type.Null()]),
    sourceKind: Type.Enum(['file', 'youtube', 'vimeo']),
    chapters: Type.Array(ChapterSchema),
    hasTranscript: Type.Boolean({ description: 'Há transcrição (legendas e busca dentro do vídeo)' }),
    progress: Type.Union([VideoProgressSummary, Type.Null()], { description: 'Progresso de quem chama; null sem login ou sem progresso' }),
    source: Type.Optional(VideoSourceSchema),
    captionsUrl: Type.Optional(
      Type.String({ description: 'WebVTT da transcrição, link assinado de curta duração para o <track> do player; só com acesso' }),
    ),
  },
  { description: 'Vídeo (a fonte só para quem tem acesso)' },
);
export type VideoResponse = Static<typeof VideoSchema>;

const videoFields = {
  title: Text(3, 160, 'Título'),
  slug: Slug,
  description: Type.String({ maxLength: 5000 }),
  source: VideoSourceInput,
  durationSeconds: Type.Integer({ minimum: 1, maximum: 86_400 }),
  thumbnailUrl: Type.Union([ImageUrl, Type.Null()]),
  chapters: ChaptersInput,
  categoryId: ObjectIdString,
  access: AccessLevel,
  creditCost: CreditCost,
  status: PublicationStatus,
  publishedAt: Type.Union([DateTime, Type.Null()]),
};

export const CreateVideoBody = Type.Object(
  {
    title: videoFields.title,
    slug: Type.Optional(videoFields.slug),
    description: Type.Optional(videoFields.description),
    source: videoFields.source,
    durationSeconds: videoFields.durationSeconds,
    thumbnailUrl: Type.Optional(videoFields.thumbnailUrl),
    chapters: Type.Optional(videoFields.chapters),
    categoryId: videoFields.categoryId,
    access: videoFields.access,
    creditCost: Type.Optional(videoFields.creditCost),
    status: Type.Optional(videoFields.status),
    publishedAt: Type.Optional(videoFields.publishedAt),
  },
  { additionalProperties: false },
);
export type CreateVideoInput = Static<typeof CreateVideoBody>;

export const UpdateVideoBody = Type.Partial(Type.Object(videoFields), { additionalProperties: false, minProperties: 1 });
export type UpdateVideoInput = Static<typeof UpdateVideoBody>;

// ---- slug preview (admin forms) ----

export const SlugPreviewQuery = Type.Object(
  { text: Text(1, 200, 'O título ou nome de onde o endereço sai') },
  { additionalProperties: false },
);

export const SlugPreviewSchema = Type.Object(
  { slug: Type.String({ description: 'O endereço que a API gravaria para este texto (sem contar colisões, que ganham -2, -3…)' }) },
  { description: 'Prévia do endereço (slug)' },
);

import { Type, type Static } from 'typebox';
import { ImageUrl } from '../catalogue/schemas';
import { DateTime, ObjectIdString, PageQuery } from '../../http/schemas';

export const LinkUrl = Type.String({
  pattern: '^(https?://[^\\s<>"]{1,500}|/[A-Za-z0-9_\\-/?=&.%#]{0,300})$',
  description: 'https://… ou um caminho do site (/planos)',
});

export const BannerSchema = Type.Object({
  _id: ObjectIdString,
  title: Type.String(),
  imageUrl: Type.String(),
  linkUrl: Type.Union([Type.String(), Type.Null()]),
  order: Type.Integer(),
  active: Type.Boolean(),
  startsAt: Type.Union([DateTime, Type.Null()]),
  endsAt: Type.Union([DateTime, Type.Null()]),
  live: Type.Boolean({ description: 'Ativo e dentro da janela agora' }),
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type BannerResponse = Static<typeof BannerSchema>;

export const BannerListQuery = Type.Object({ ...PageQuery }, { additionalProperties: false });

const bannerFields = {
  title: Type.String({ minLength: 2, maxLength: 120, pattern: '\\S' }),
  imageUrl: ImageUrl,
  linkUrl: Type.Union([LinkUrl, Type.Null()]),
  order: Type.Integer({ minimum: 0, maximum: 10_000 }),
  active: Type.Boolean(),
  startsAt: Type.Union([DateTime, Type.Null()], { description: 'Começa a aparecer (vazio: já)' }),
  endsAt: Type.Union([DateTime, Type.Null()], { description: 'Deixa de aparecer (vazio: sem fim)' }),
};

export const CreateBannerBody = Type.Object(
  {
    title: bannerFields.title,
    imageUrl: bannerFields.imageUrl,
    linkUrl: Type.Optional(bannerFields.linkUrl),
    order: Type.Optional(bannerFields.order),
    active: Type.Optional(bannerFields.active),
    startsAt: Type.Optional(bannerFields.startsAt),
    endsAt: Type.Optional(bannerFields.endsAt),
  },
  { additionalProperties: false },
);
export type CreateBannerInput = Static<typeof CreateBannerBody>;

export const UpdateBannerBody = Type.Partial(Type.Object(bannerFields), { additionalProperties: false, minProperties: 1 });
export type UpdateBannerInput = Static<typeof UpdateBannerBody>;

export const ReorderBannersBody = Type.Object(
  { ids: Type.Array(ObjectIdString, { minItems: 1, maxItems: 200, description: 'Banners na nova ordem' }) },
  { additionalProperties: false },
);

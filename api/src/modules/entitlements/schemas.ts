import { Type } from 'typebox';
import { ITEM_TYPES } from '../catalogue/documents';
import { ContentSchema, VideoSchema } from '../catalogue/schemas';
import { DateTime, ObjectIdString, PageQuery } from '../../http/schemas';

export const ItemTypeSchema = Type.Enum([...ITEM_TYPES]);

export const UnlockBody = Type.Object(
  { itemType: ItemTypeSchema, itemId: ObjectIdString },
  { additionalProperties: false },
);

export const UnlockSchema = Type.Object({
  _id: ObjectIdString,
  itemType: ItemTypeSchema,
  itemId: ObjectIdString,
  credits: Type.Integer({ description: 'Créditos gastos' }),
  createdAt: DateTime,
});

export const UnlockResultSchema = Type.Object({
  unlock: UnlockSchema,
  charged: Type.Boolean({ description: 'false: já estava desbloqueado, nada foi cobrado' }),
  credits: Type.Object({ balance: Type.Integer(), used: Type.Integer() }),
});

export const MyUnlockSchema = Type.Object({
  ...UnlockSchema.properties,
  content: Type.Union([ContentSchema, Type.Null()], { description: 'itemType CONTENT; null se não está mais publicado' }),
  video: Type.Union([VideoSchema, Type.Null()], { description: 'itemType VIDEO; null se não está mais publicado' }),
});

/** An unlock on the admin's member page: the item's title (null once the item is deleted). */
export const MemberUnlockSchema = Type.Object({
  ...UnlockSchema.properties,
  title: Type.Union([Type.String(), Type.Null()]),
});

export const MyUnlocksQuery = Type.Object(
  { ...PageQuery, itemType: Type.Optional(ItemTypeSchema) },
  { additionalProperties: false },
);


import { Type } from 'typebox';
import { ITEM_TYPES } from './documents';
import { ContentSchema, VideoSchema } from './schemas';
import { PageQuery } from '../../http/schemas';

export const SearchQuery = Type.Object(
  {
    q: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S', description: 'Texto procurado (literal; maiúsculas e acentos não importam)' }),
    type: Type.Optional(Type.Enum([...ITEM_TYPES], { description: 'Só conteúdos ou só vídeos' })),
    ...PageQuery,
  },
  { additionalProperties: false },
);

export const SearchResultSchema = Type.Object({
  type: Type.Enum([...ITEM_TYPES]),
  matchedIn: Type.Array(Type.Enum(['title', 'summary', 'body', 'transcript']), { description: 'Onde os termos apareceram' }),
  score: Type.Integer({ description: 'Relevância (maior primeiro, depois de quantos termos bateram)' }),
  content: Type.Union([ContentSchema, Type.Null()], { description: 'type CONTENT: o cartão (nunca o corpo)' }),
  video: Type.Union([VideoSchema, Type.Null()], { description: 'type VIDEO: o cartão (nunca a fonte)' }),
  transcriptHit: Type.Union(
    [
      Type.Object({
        startSeconds: Type.Number({ description: 'Onde abrir o vídeo' }),
        endSeconds: Type.Number(),
        text: Type.Union([Type.String(), Type.Null()], { description: 'A fala; null se o vídeo está bloqueado para quem busca' }),
      }),
      Type.Null(),
    ],
    { description: 'A fala da transcrição que mais bate com a busca' },
  ),
});

import { Type } from 'typebox';
import { VideoProgressSummary, VideoSchema } from '../catalogue/schemas';
import { DateTime, ObjectIdString, PageQuery } from '../../http/schemas';

export const ProgressReportBody = Type.Object(
  {
    positionSeconds: Type.Number({ minimum: 0, maximum: 172_800, description: 'Onde o player está (segundos)' }),
    durationSeconds: Type.Number({ minimum: 0.1, maximum: 172_800, description: 'Duração que o player conhece (segundos)' }),
  },
  { additionalProperties: false },
);

/** What the member's progress on one video looks like to pages (the watched ranges stay inside). */
const ProgressFields = { videoId: ObjectIdString, ...VideoProgressSummary.properties };

export const ProgressSchema = Type.Object(ProgressFields, { description: 'Progresso do membro num vídeo' });

export const MyProgressSchema = Type.Object({
  ...ProgressFields,
  video: Type.Union([VideoSchema, Type.Null()], { description: 'O cartão do vídeo; null se não está mais publicado' }),
});

export const MyProgressQuery = Type.Object(
  {
    ...PageQuery,
    status: Type.Optional(
      Type.Enum(['IN_PROGRESS', 'FINISHED'], { description: 'IN_PROGRESS: "Continuar assistindo"; FINISHED: concluídos; ausente: todos' }),
    ),
  },
  { additionalProperties: false },
);

/** A row of a member's video progress on the admin's member page. */
export const MemberProgressSchema = Type.Object({
  videoId: ObjectIdString,
  title: Type.Union([Type.String(), Type.Null()], { description: 'null se o vídeo foi excluído' }),
  durationSeconds: Type.Union([Type.Number(), Type.Null()]),
  watchedSeconds: Type.Number(),
  finishedAt: Type.Union([DateTime, Type.Null()]),
});

export const MemberProgressQuery = Type.Object({ ...PageQuery }, { additionalProperties: false });

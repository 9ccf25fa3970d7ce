import { Type } from 'typebox';
import { VIDEO_KEY_PATTERN } from '../../plugins/file-storage/file-key-schemas';
import { DateTime } from '../../http/schemas';
import { TRANSCODE_STATUSES } from './documents';

const VideoKey = Type.String({ pattern: VIDEO_KEY_PATTERN, maxLength: 120, description: 'A chave do MP4 enviado (videos/….mp4)' });

export const TranscodeQuery = Type.Object({ videoKey: VideoKey }, { additionalProperties: false });
export const TranscodeBody = Type.Object({ videoKey: VideoKey }, { additionalProperties: false });

export const TranscodeSchema = Type.Object({
  videoKey: Type.String(),
  status: Type.Enum([...TRANSCODE_STATUSES], { description: 'PENDING na fila, RUNNING convertendo, READY pronto, FAILED falhou (error diz por quê)' }),
  progress: Type.Integer({ minimum: 0, maximum: 100, description: 'Porcentagem convertida' }),
  error: Type.Union([Type.String(), Type.Null()], { description: 'Por que falhou, em português' }),
  renditions: Type.Array(Type.String(), { description: 'Qualidades prontas (240p, 360p, 720p, 1080p)' }),
  durationSeconds: Type.Union([Type.Number(), Type.Null()], { description: 'Duração lida pelo ffprobe' }),
  updatedAt: DateTime,
});

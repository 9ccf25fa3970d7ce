import { Type } from 'typebox';
import { DateTime, ObjectIdString } from '../../http/schemas';

export const TranscriptBody = Type.Object(
  {
    content: Type.String({
      minLength: 1,
      maxLength: 2_000_000,
      description: 'O texto do arquivo WebVTT (começa com "WEBVTT") ou SRT, como está no arquivo',
    }),
  },
  { additionalProperties: false },
);

export const CueSchema = Type.Object({
  startSeconds: Type.Number(),
  endSeconds: Type.Number(),
  text: Type.String({ description: 'Texto simples da fala (sem marcações)' }),
});

export const TranscriptSchema = Type.Object(
  {
    videoId: ObjectIdString,
    format: Type.Enum(['vtt', 'srt'], { description: 'O formato enviado; as legendas são servidas sempre como WebVTT' }),
    cueCount: Type.Integer(),
    updatedAt: DateTime,
    cues: Type.Array(CueSchema),
  },
  { description: 'A transcrição do vídeo, fala a fala' },
);

export const WebVttText = Type.Unsafe<string>({ type: 'string', description: 'Arquivo WebVTT (text/vtt)' });

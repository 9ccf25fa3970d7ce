import { Type } from 'typebox';
import { FILE_FOLDERS, FILE_NAME_PATTERN } from '../../plugins/file-storage/file-key-schemas';
import { DateTime } from '../../http/schemas';

export const FileParams = Type.Object(
  {
    folder: Type.Enum([...FILE_FOLDERS], { description: 'images (públicas), documents e videos (link assinado)' }),
    name: Type.String({ pattern: FILE_NAME_PATTERN, maxLength: 110 }),
  },
  { additionalProperties: false },
);

const HlsFolderParams = {
  name: Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,99}$', description: 'O nome do MP4 enviado, sem a extensão' }),
  token: Type.String({ pattern: '^[0-9]{1,11}-[A-Za-z0-9_-]{43}$', description: 'Validade (segundos desde 1970) e HMAC-SHA256 da pasta' }),
};

export const HlsFileParams = Type.Object({ ...HlsFolderParams, file: Type.Enum(['master.m3u8', 'poster.jpg']) }, { additionalProperties: false });

export const HlsRenditionFileParams = Type.Object(
  {
    ...HlsFolderParams,
    rendition: Type.Enum(['240p', '360p', '720p', '1080p']),
    file: Type.String({ pattern: '^(index\\.m3u8|init_[0-9]\\.mp4|seg-[0-9]{5}\\.(ts|m4s))$', description: 'Playlist, segmento de inicialização (fMP4) ou segmento (fMP4 .m4s; .ts nas conversões antigas)' }),
  },
  { additionalProperties: false },
);

export const SignedFileQuery = Type.Object(
  {
    expires: Type.Optional(Type.Integer({ minimum: 0, maximum: 99_999_999_999, description: 'Validade (segundos desde 1970)' })),
    signature: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{43}$', description: 'HMAC-SHA256 da chave e da validade' })),
  },
  { additionalProperties: false },
);

export const FileBytes = Type.Unsafe<unknown>({ type: 'string', format: 'binary', description: 'Os bytes do arquivo (206 com Range)' });

export const UploadResultSchema = Type.Object({
  key: Type.String({ description: 'Chave no armazenamento' }),
  kind: Type.Enum(['image', 'pdf', 'video']),
  contentType: Type.String(),
  sizeBytes: Type.Integer(),
  reference: Type.String({
    description:
      'O que gravar no item: coverUrl / thumbnailUrl / imageUrl (imagens: /v1/files/images/…); attachments[].key (PDF); source.url com kind "file" (MP4)',
  }),
  url: Type.String({ description: 'Endereço para pré-visualizar (assinado e temporário para PDF e MP4)' }),
  expiresAt: Type.Union([DateTime, Type.Null()]),
});

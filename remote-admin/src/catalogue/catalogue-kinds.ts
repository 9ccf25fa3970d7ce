import type { CatalogueKind } from '@clube/platform';

/** Each kind's words and address; both nouns are masculine, so the shared sentences read right with either. */
export const CATALOGUE_KINDS: Record<CatalogueKind, { one: string; many: string; title: string; description: string; basePath: string }> = {
  contents: { one: 'conteúdo', many: 'conteúdos', title: 'Conteúdos', description: 'Artigos, materiais e arquivos do catálogo.', basePath: '/admin/conteudo' },
  videos: { one: 'vídeo', many: 'vídeos', title: 'Vídeos', description: 'Vídeos do catálogo: arquivos enviados ou links do YouTube e do Vimeo.', basePath: '/admin/videos' },
};

/** "Conteúdo", "Vídeo": a noun at the start of a sentence. */
export const capitalised = (word: string) => `${word[0]?.toUpperCase() ?? ''}${word.slice(1)}`;

import type { CatalogueKind } from '@clube/platform';

/** Each kind's words and address; both nouns are masculine, so the shared sentences read right with either. */
export const CATALOGUE_WORDS: Record<CatalogueKind, { one: string; many: string; title: string; description: string; path: '/conteudos' | '/videos' }> = {
  contents: { one: 'conteúdo', many: 'conteúdos', title: 'Conteúdos', description: 'Protocolos, guias e artigos para o dia a dia do laboratório.', path: '/conteudos' },
  videos: { one: 'vídeo', many: 'vídeos', title: 'Vídeos', description: 'Aprenda com especialistas, por categoria.', path: '/videos' },
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses, paginated } from '../../http/schemas';
import { withDefaults } from '../../http/query';
import { pageMeta } from '../../http/pagination';
import { SearchQuery, SearchResultSchema } from './search-schemas';
import { searchCatalogue, withCues } from './use-cases/search-catalogue';
import { contentViews, videoViews } from './responses';
import { searchTerms } from './rules/search-text';

/** One search for the whole catalogue: locked items are found, as cards, never with body or source. */
const search: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['search'],
        summary: 'Busca em conteúdos publicados (título, resumo, corpo), vídeos (título, descrição) e no que é dito nos vídeos',
        description:
          'Sem diferença de maiúsculas e acentos ("calibracao" encontra "calibração"); o texto é literal. Ordem: mais termos ' +
          'encontrados; depois título > resumo/descrição > corpo/transcrição; depois os mais recentes. Um acerto na transcrição ' +
          'traz o segundo onde abrir o vídeo (transcriptHit).',
        querystring: SearchQuery,
        response: { 200: paginated(SearchResultSchema), ...errorResponses(401) },
      },
    },
    async (request) => {
      const { q, type, page, limit } = withDefaults(request.query, 'page', 'limit');
      const terms = searchTerms(q);
      const hits = await searchCatalogue(fastify, terms, type);
      const pageHits = await withCues(fastify, hits.slice((page - 1) * limit, page * limit), terms);
      const idsOf = (kind: string) => pageHits.filter((hit) => hit.type === kind).map((hit) => hit.id);
      const [contents, videos] = await Promise.all([
        fastify.contentsRepository.findByIds(idsOf('CONTENT'), true).then((items) => contentViews(fastify, request, items)),
        fastify.videosRepository.findByIds(idsOf('VIDEO'), true).then((items) => videoViews(fastify, request, items)),
      ]);
      const contentById = new Map(contents.map((view) => [view._id, view]));
      const videoById = new Map(videos.map((view) => [view._id, view]));
      return {
        data: pageHits.map((hit) => {
          const id = hit.id.toHexString();
          const video = hit.type === 'VIDEO' ? (videoById.get(id) ?? null) : null;
          return {
            type: hit.type,
            matchedIn: hit.matchedIn,
            score: hit.score,
            content: hit.type === 'CONTENT' ? (contentById.get(id) ?? null) : null,
            video,
            // The words said in a locked video are part of what it sells: the second, not the text.
            transcriptHit: hit.cue ? { ...hit.cue, text: video && !video.locked ? hit.cue.text : null } : null,
          };
        }),
        meta: pageMeta(page, limit, hits.length),
      };
    },
  );
};

export default search;

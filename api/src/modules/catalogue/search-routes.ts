import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses, paginated } from '../../http/schemas';
import { listPage } from '../../http/pagination';
import { perUserWorkLimit } from '../../plugins/rate-limit';
import { SearchQuery, SearchResultSchema } from './search-schemas';
import { searchCatalogue, withCues } from './use-cases/search-catalogue';
import { cardsOf } from './responses';
import { searchTerms } from './rules/search-text';
import { routeOptions } from '../../http/route-options';
import { cachedCatalogueRead, type ShownCard } from './use-cases/cached-read';

const route = routeOptions(['search']);

const SEARCHES_PER_EXPENSIVE_READ = 4;

/** One search for the whole catalogue: locked items are found, as cards, never with body or source. */
const search: FastifyPluginAsyncTypebox = async (fastify) => {
  // Scans the catalogue and transcripts: 4× the expensive-read limit (typing runs several searches),
  // counted only when it scans — the same search given again from the response cache is not.
  const scanLimit = perUserWorkLimit(fastify, 'search', SEARCHES_PER_EXPENSIVE_READ);
  fastify.get(
    '/',
    route('optional', 'Busca em conteúdos publicados (título, resumo, corpo), vídeos (título, descrição) e no que é dito nos vídeos', {
      description:
        'Sem diferença de maiúsculas e acentos ("calibracao" encontra "calibração"); o texto é literal. Ordem: mais termos ' +
        'encontrados; depois título > resumo/descrição > corpo/transcrição; depois os mais recentes. Um acerto na transcrição ' +
        'traz o segundo onde abrir o vídeo (transcriptHit).',
      querystring: SearchQuery,
      response: { 200: paginated(SearchResultSchema), ...errorResponses(401) },
    }),
    (request, reply) => cachedCatalogueRead(fastify, request, reply, async () => {
      await scanLimit(request, reply);
      const terms = searchTerms(request.query.q);
      const hits = await searchCatalogue(fastify, terms, request.query.type);
      const load = async (page: number, limit: number) => ({ data: await withCues(fastify, hits.slice((page - 1) * limit, page * limit), terms), total: hits.length });
      return listPage(request.query, load, async (pageHits) => {
        const cards = await cardsOf(fastify, request, pageHits);
        return pageHits.map((hit) => {
          const video = cards.video(hit.type, hit.id);
          return {
            type: hit.type,
            matchedIn: hit.matchedIn,
            score: hit.score,
            content: cards.content(hit.type, hit.id),
            video,
            // The words said in a locked video are part of what it sells: the second, not the text.
            transcriptHit: hit.cue ? { ...hit.cue, text: video && !video.locked ? hit.cue.text : null } : null,
          };
        });
      });
    }, (answer) => answer.data.flatMap((result): ShownCard[] => {
      if (result.content) return [{ ...result.content, type: 'CONTENT' }];
      return result.video ? [{ ...result.video, type: 'VIDEO' }] : [];
    })),
  );
};

export default search;

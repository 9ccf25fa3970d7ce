import { formatDate, PageLayout } from '@clube/platform';
import { Skeleton } from '@clube/kit/ui/skeleton';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { ItemPage } from '../shared/item-page';
import { useLegalDocument, type LegalSlug } from './api/get-legal-document';
import '../shared/catalog.css';

const markdownModule = import(/* webpackChunkName: "markdown" */ '@clube/kit/ui/markdown');
const Markdown = lazy(() => markdownModule.then((module) => ({ default: module.Markdown })));

const TITLES: Record<LegalSlug, string> = { 'termos-de-uso': 'Termos de uso', 'politica-de-privacidade': 'Política de privacidade' };
const OTHER: Record<LegalSlug, LegalSlug> = { 'termos-de-uso': 'politica-de-privacidade', 'politica-de-privacidade': 'termos-de-uso' };

/**
 * `/termos-de-uso` and `/politica-de-privacidade`: the text people accept when they create an
 * account, with its version and date (what the consent on `/usuario` names).
 */
export function LegalPage({ slug }: { slug: LegalSlug }) {
  const document = useLegalDocument(slug);
  const title = TITLES[slug];
  return (
    <ItemPage
      item={document}
      loading={{ title, placeholder: <Skeleton lines={10} label={`Carregando: ${title}…`} /> }}
      failed={{ title, heading: `Não foi possível carregar: ${title}` }}
    >
      {(data) => (
        <PageLayout title={data.title} description={`Versão ${data.version}, em vigor desde ${formatDate(`${data.publishedAt}T12:00:00.000Z`)}.`}>
          <article aria-label={data.title} className="catalog-legal">
            <Suspense fallback={<Skeleton lines={10} label={`Carregando: ${title}…`} />}>
              <Markdown source={data.body} />
            </Suspense>
          </article>
          <p>
            Veja também: <Link to={`/${OTHER[slug]}`}>{TITLES[OTHER[slug]]}</Link>.
          </p>
        </PageLayout>
      )}
    </ItemPage>
  );
}

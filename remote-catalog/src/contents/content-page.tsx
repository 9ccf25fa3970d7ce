import { PageLayout, type CatalogueItem } from '@clube/platform';
import { Skeleton } from '@clube/kit/ui/skeleton';
import { lazy, Suspense } from 'react';
import { CatalogueItemPage } from '../shared/catalogue-item-page';
import { ItemMeta } from '../shared/access-badge';
import { LockedPanel } from '../shared/locked-panel';
import '../shared/catalog.css';

// The Markdown renderer (marked + DOMPurify, most of this page's weight) loads beside the API call
// instead of inside the route's chunk; the import starts as soon as the page module runs.
const markdownModule = import(/* webpackChunkName: "markdown" */ '@clube/kit/ui/markdown');
const Markdown = lazy(() => markdownModule.then((module) => ({ default: module.Markdown })));

/** `/conteudos/{slug}`: the reading page — sanitised Markdown and signed attachments, gated like videos. */
export function ContentPage() {
  return (
    <CatalogueItemPage kind="contents" placeholder={<Skeleton lines={8} label="Carregando o conteúdo…" />}>
      {(item) => <ContentView item={item} />}
    </CatalogueItemPage>
  );
}

function ContentView({ item }: { item: CatalogueItem<'contents'> }) {
  return (
    <PageLayout
      title={item.title}
      description={<ItemMeta item={item} listPath="/conteudos" />}
    >
      {item.coverUrl && <img className="catalog-content__cover" src={item.coverUrl} alt={`Capa: ${item.title}`} width={960} height={540} />}
      <p style={{ overflowWrap: 'anywhere' }}>{item.summary}</p>
      {item.locked || item.body === undefined ? (
        <LockedPanel item={item} itemType="CONTENT" verb="ler" variant="text" />
      ) : (
        <article aria-label="Conteúdo">
          <Suspense fallback={<Skeleton lines={6} label="Carregando o conteúdo…" />}>
            <Markdown source={item.body} />
          </Suspense>
          {item.attachments && item.attachments.length > 0 && (
            <section className="catalog-section" aria-labelledby="attachments-title">
              <h2 id="attachments-title" className="catalog-section__title">
                Anexos
              </h2>
              <ul className="catalog-attachments">
                {item.attachments.map((attachment) => (
                  <li key={attachment.key}>
                    <a className="clube-button clube-button--secondary" href={attachment.url} download={attachment.name} target="_blank" rel="noopener noreferrer">
                      Baixar {attachment.name}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </article>
      )}
    </PageLayout>
  );
}

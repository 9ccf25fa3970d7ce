import { CatalogueListPage } from '../shared/catalogue-list-page';
import { ContentCard } from '../shared/cards';

/** `/conteudos`: the content library, filtered by category and text, paginated (all in the URL). */
export function ContentsPage() {
  return <CatalogueListPage kind="contents" renderCard={(content, eager) => <ContentCard content={content} eager={eager} />} />;
}

import { Skeleton } from '@clube/kit/ui/skeleton';
import { Card, type CatalogueItem, type CatalogueKind } from '@clube/platform';
import { lazy, Suspense, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { EditItemPage, EditorPage } from '../shared/editor-page';
import { useCatalogueItem } from './api/get-catalogue-item';
import { CATALOGUE_KINDS } from './catalogue-kinds';

// The document and quiz editors (issue 31) are their own chunk: the item's form does not wait for them.
const DossierSections = lazy(() => import(/* webpackChunkName: "catalogue-dossier" */ './dossier/dossier-sections'));

/** The editor in its card and, when there is something `below` it (a note, the video's transcript), both in a column. */
function EditorCards({ form, below }: { form: ReactNode; below?: ReactNode }) {
  const card = <Card>{form}</Card>;
  if (!below) return card;
  return (
    <div className="admin-stack">
      {card}
      {below}
    </div>
  );
}

/** `/admin/conteudo/novo`, `/admin/videos/novo`. */
export function CatalogueNewPage({ kind, form, below }: { kind: CatalogueKind; form: ReactNode; below?: ReactNode }) {
  const { one, many, basePath } = CATALOGUE_KINDS[kind];
  return (
    <EditorPage title={`Novo ${one}`} back={{ to: basePath, label: `Todos os ${many}` }}>
      <EditorCards form={form} below={below} />
    </EditorPage>
  );
}

/**
 * `/admin/conteudo/editar/{id}`, `/admin/videos/editar/{id}`: the item as the API has it, then its
 * editor, what is `below` it, and its "Documento" and "Avaliação" sections.
 */
export function CatalogueEditPage<K extends CatalogueKind>({ kind, form, below }: { kind: K; form: (item: CatalogueItem<K>) => ReactNode; below?: (item: CatalogueItem<K>) => ReactNode }) {
  const { id = '' } = useParams();
  const { one, many, basePath } = CATALOGUE_KINDS[kind];
  return (
    <EditItemPage title={`Editar ${one}`} back={{ to: basePath, label: `Todos os ${many}` }} item={useCatalogueItem(kind, id)} loading={{ label: `Carregando o ${one}…`, lines: 8 }}>
      {(item) => (
        <EditorCards
          form={form(item)}
          below={
            <>
              {below?.(item)}
              <Suspense fallback={<Skeleton lines={6} label="Carregando o documento e a avaliação…" />}>
                <DossierSections kind={kind} itemId={item._id} />
              </Suspense>
            </>
          }
        />
      )}
    </EditItemPage>
  );
}

import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { EditItemPage, EditorPage } from '../shared/editor-page';
import type { CatalogueItem, CatalogueKind } from '@clube/platform';
import { useCatalogueItem } from './api/get-catalogue-item';
import { CATALOGUE_KINDS } from './catalogue-kinds';

/** `/admin/conteudo/novo`, `/admin/videos/novo`. */
export function CatalogueNewPage({ kind, children }: { kind: CatalogueKind; children: ReactNode }) {
  const { one, many, basePath } = CATALOGUE_KINDS[kind];
  return (
    <EditorPage title={`Novo ${one}`} back={{ to: basePath, label: `Todos os ${many}` }}>
      {children}
    </EditorPage>
  );
}

/** `/admin/conteudo/editar/{id}`, `/admin/videos/editar/{id}`: the item as the API has it, then its editor. */
export function CatalogueEditPage<K extends CatalogueKind>({ kind, children }: { kind: K; children: (item: CatalogueItem<K>) => ReactNode }) {
  const { id = '' } = useParams();
  const item = useCatalogueItem(kind, id);
  const { one, many, basePath } = CATALOGUE_KINDS[kind];
  return (
    <EditItemPage title={`Editar ${one}`} back={{ to: basePath, label: `Todos os ${many}` }} item={item} loading={{ label: `Carregando o ${one}…`, lines: 8 }}>
      {children}
    </EditItemPage>
  );
}

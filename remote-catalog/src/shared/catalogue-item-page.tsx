import type { CatalogueItem, CatalogueKind } from '@clube/platform';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useCatalogueItem } from './api/get-catalogue-item';
import { CATALOGUE_WORDS } from './catalogue-words';
import { ItemPage } from './item-page';

/** `/conteudos/{slug}` and `/videos/{slug}`: the item of the address, its loading placeholder, and the way back to the list when it fails. */
export function CatalogueItemPage<K extends CatalogueKind>({ kind, placeholder, children }: { kind: K; placeholder: ReactNode; children: (item: CatalogueItem<K>) => ReactNode }) {
  const { slug = '' } = useParams();
  const { one, many, path } = CATALOGUE_WORDS[kind];
  return (
    <ItemPage
      item={useCatalogueItem(kind, slug)}
      loading={{ title: `Carregando ${one}…`, placeholder }}
      failed={{
        title: `${one[0]?.toUpperCase()}${one.slice(1)}`,
        heading: `Não foi possível abrir o ${one}`,
        back: (
          <p>
            <Link to={path}>Ver todos os {many}</Link>
          </p>
        ),
      }}
    >
      {children}
    </ItemPage>
  );
}

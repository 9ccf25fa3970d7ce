import { Button, Input } from '@clube/platform';
import { Select } from '@clube/kit/ui/select';
import { useEffect, useState, type FormEvent } from 'react';
import { useCategories } from './api/get-categories';

export interface CatalogFiltersProps {
  categoryId: string | undefined;
  search: string;
  onCategory: (categoryId: string | undefined) => void;
  onSearch: (search: string) => void;
  searchLabel: string;
}

/** Category and text filters of a catalogue list; both live in the URL (usePaginatedQuery). */
export function CatalogFilters({ categoryId, search, onCategory, onSearch, searchLabel }: CatalogFiltersProps) {
  const categories = useCategories();
  const [text, setText] = useState(search);
  useEffect(() => setText(search), [search]);

  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch(text);
  }

  return (
    <div className="catalog-filters">
      <Select
        label="Categoria"
        value={categoryId ?? ''}
        onChange={(event) => onCategory(event.target.value || undefined)}
        placeholder="Todas as categorias"
        options={(categories.data?.data ?? []).map((category) => ({ value: category._id, label: category.name }))}
      />
      <form className="catalog-filters__search" role="search" onSubmit={submit}>
        <Input label={searchLabel} type="search" value={text} onChange={(event) => setText(event.target.value)} />
        <Button type="submit">Buscar</Button>
      </form>
    </div>
  );
}

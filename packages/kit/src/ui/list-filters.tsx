import { Button, Input } from '@clube/platform';
import { useEffect, useState } from 'react';
import { Select, type SelectOption } from './select';
import './kit.css';

export interface ListFilter<F extends string> {
  /** The filter's name in the URL (`?status=`). */
  name: F;
  label: string;
  options: readonly SelectOption[];
  /** The option meaning "no filter" when it is not the empty one (e.g. the default order): shown when the URL has none, never written to it. */
  fallback?: string;
}

/** What the filters read and change of a paginated list (`usePaginatedQuery` of `@clube/platform/data` returns it). */
export interface FilteredList<F extends string> {
  params: { limit: number; filters: Partial<Record<F, string>> };
  setFilter: (name: F, value: string | undefined) => void;
  setLimit: (limit: number) => void;
}

const PAGE_SIZES = [10, 20, 50, 100].map((size) => ({ value: String(size), label: `${size} por página` }));

/** A list's filters in one row (it wraps on a narrow screen): a select each and, with `pageSize`, "Itens por página". */
export function ListFilters<F extends string>({ list, filters, pageSize = false }: { list: FilteredList<F>; filters: readonly ListFilter<F>[]; pageSize?: boolean }) {
  return (
    <div className="clube-toolbar">
      {filters.map(({ name, label, options, fallback = '' }) => (
        <Select
          key={name}
          label={label}
          options={options}
          value={list.params.filters[name] ?? fallback}
          onChange={(event) => list.setFilter(name, event.target.value === fallback ? '' : event.target.value)}
        />
      ))}
      {pageSize && <Select label="Itens por página" options={PAGE_SIZES} value={String(list.params.limit)} onChange={(event) => list.setLimit(Number(event.target.value))} />}
    </div>
  );
}

export interface SearchBoxProps {
  /** Names the search region ("Buscar usuários"). */
  region: string;
  label: string;
  /** The search applied now (usually the URL's); the box follows it when it changes (Back, a link). */
  value: string;
  onSearch: (text: string) => void;
  buttonLabel?: string;
  type?: 'search' | 'text';
  maxLength?: number;
  error?: string;
}

/**
 * A search box and its button: what is typed applies on Enter or on the button, not on each key.
 * Not a <form>: the router's navigation runs in a transition, which React would pair with a form action.
 */
export function SearchBox({ region, label, value, onSearch, buttonLabel = 'Buscar', type = 'search', maxLength = 100, error }: SearchBoxProps) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <div className="clube-toolbar" role="search" aria-label={region}>
      <Input
        label={label}
        type={type}
        value={text}
        error={error}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onSearch(text);
        }}
        maxLength={maxLength}
      />
      <div className="clube-toolbar__actions">
        <Button variant="secondary" onClick={() => onSearch(text)}>
          {buttonLabel}
        </Button>
      </div>
    </div>
  );
}

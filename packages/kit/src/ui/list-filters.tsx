import { Button, Input } from '@clube/platform';
import { useEffect, useState } from 'react';
import { Select, type SelectOption } from './select';
import './kit.css';

export interface ListFilter {
  label: string;
  options: readonly SelectOption[];
  /** The filter's value as the URL holds it ('' for "Todos"). */
  value: string;
  onChange: (value: string) => void;
}

const PAGE_SIZES = [10, 20, 50, 100].map((size) => ({ value: String(size), label: `${size} por página` }));

/** A list's filters in one row (it wraps on a narrow screen): a select each and, with `limit`, "Itens por página". */
export function ListFilters({ filters, limit }: { filters: readonly ListFilter[]; limit?: { value: number; onChange: (limit: number) => void } }) {
  return (
    <div className="clube-toolbar">
      {filters.map((filter) => (
        <Select key={filter.label} label={filter.label} options={filter.options} value={filter.value} onChange={(event) => filter.onChange(event.target.value)} />
      ))}
      {limit && <Select label="Itens por página" options={PAGE_SIZES} value={String(limit.value)} onChange={(event) => limit.onChange(Number(event.target.value))} />}
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

import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import './kit.css';

export interface TabItem {
  id: string;
  label: string;
  content: ReactNode;
}

export interface TabsProps {
  tabs: readonly TabItem[];
  /** Name of the tab list for screen readers. */
  label: string;
  /** Controlled use (e.g. the tab kept in the URL); otherwise the first tab starts selected. */
  selected?: string;
  onSelect?: (id: string) => void;
}

/** WAI-ARIA tabs: one Tab stop for the list, arrows/Home/End move between tabs. */
export function Tabs({ tabs, label, selected, onSelect }: TabsProps) {
  const baseId = useId();
  const [own, setOwn] = useState(tabs[0]?.id ?? '');
  const current = selected ?? own;
  const refs = useRef(new Map<string, HTMLButtonElement>());

  function select(id: string, focus = false) {
    setOwn(id);
    onSelect?.(id);
    if (focus) refs.current.get(id)?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.id === current);
    const last = tabs.length - 1;
    const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const tab = tabs[next];
    if (tab) select(tab.id, true);
  }

  return (
    <div className="clube-tabs">
      <div role="tablist" aria-label={label} className="clube-tabs__list" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            ref={(element) => {
              if (element) refs.current.set(tab.id, element);
              else refs.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${tab.id}`}
            aria-selected={tab.id === current}
            aria-controls={`${baseId}-panel-${tab.id}`}
            tabIndex={tab.id === current ? 0 : -1}
            className="clube-tabs__tab"
            onClick={() => select(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${baseId}-panel-${tab.id}`}
          aria-labelledby={`${baseId}-tab-${tab.id}`}
          hidden={tab.id !== current}
          tabIndex={0}
          className="clube-tabs__panel"
        >
          {tab.id === current && tab.content}
        </div>
      ))}
    </div>
  );
}

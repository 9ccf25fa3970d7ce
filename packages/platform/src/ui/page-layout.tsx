import { useEffect, type ReactNode } from 'react';

export interface PageLayoutProps {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}

/** A page's frame: its title (also the document title), an optional description and actions. */
export function PageLayout({ title, description, actions, children }: PageLayoutProps) {
  useEffect(() => {
    document.title = `${title} · Clube`;
  }, [title]);
  return (
    <main className="clube-page">
      <header className="clube-page__header">
        <div>
          <h1 className="clube-page__title">{title}</h1>
          {description && <p className="clube-page__description">{description}</p>}
        </div>
        {actions && <div>{actions}</div>}
      </header>
      {children}
    </main>
  );
}

import type { HTMLAttributes, ReactNode } from 'react';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: ReactNode;
}

export function Card({ title, children, className, ...rest }: CardProps) {
  return (
    <section {...rest} className={['clube-card', className].filter(Boolean).join(' ')}>
      {title && <h2 className="clube-card__title">{title}</h2>}
      {children}
    </section>
  );
}

import { Badge } from '@clube/kit/ui/badge';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Access } from './types';
import { credits } from './format';

export interface AccessBadgeProps {
  access: Access;
  creditCost: number;
  unlocked: boolean;
}

/** Grátis / Assinantes / N créditos / Desbloqueado: what it takes to watch or read an item. */
export function AccessBadge({ access, creditCost, unlocked }: AccessBadgeProps) {
  if (access === 'CREDITS' && unlocked) return <Badge tone="success">Desbloqueado</Badge>;
  if (access === 'FREE') return <Badge tone="info">Grátis</Badge>;
  if (access === 'SUBSCRIBERS') return <Badge tone="neutral">Assinantes</Badge>;
  return <Badge tone="warning">{credits(creditCost)}</Badge>;
}

/** Under a content's or video's title: its access, its category (the list filtered by it) and what else the page adds. */
export function ItemMeta({ item, listPath, children }: { item: { access: Access; creditCost: number; unlocked: boolean; category: { _id: string; name: string } | null }; listPath: '/conteudos' | '/videos'; children?: ReactNode }) {
  return (
    <span className="catalog-meta">
      <AccessBadge access={item.access} creditCost={item.creditCost} unlocked={item.unlocked} />
      {item.category && <Link to={`${listPath}?categoryId=${item.category._id}`}>{item.category.name}</Link>}
      {children}
    </span>
  );
}

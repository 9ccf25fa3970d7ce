import { Badge } from '@clube/kit/ui/badge';
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

import { SUBSCRIPTION_STATUSES, subscriptionStatusLabel, subscriptionStatusTone } from '@clube/platform/subscription-words';
import type { ReactNode } from 'react';
import './kit.css';

export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={`clube-badge clube-badge--${tone}`}>{children}</span>;
}

/** Every status the API sends (PRODUCT.md §4), in words and a colour. */
const STATUSES: Record<string, { label: string; tone: BadgeTone }> = {
  // Subscription: the words every remote uses (@clube/platform/subscription-words)
  ...Object.fromEntries(SUBSCRIPTION_STATUSES.map((status) => [status, { label: subscriptionStatusLabel(status), tone: subscriptionStatusTone(status) }])),
  // Invoice
  PAID: { label: 'Paga', tone: 'success' },
  OVERDUE: { label: 'Vencida', tone: 'danger' },
  // Content and video
  DRAFT: { label: 'Rascunho', tone: 'neutral' },
  PUBLISHED: { label: 'Publicado', tone: 'success' },
  // Suggestion
  NEW: { label: 'Nova', tone: 'info' },
  READ: { label: 'Em análise', tone: 'warning' },
  DONE: { label: 'Publicada', tone: 'success' },
};

export type KnownStatus = keyof typeof STATUSES;

/** A status from the API as a coloured label; an unknown one is shown as it came, in grey. */
export function StatusBadge({ status, label }: { status: string; /** Overrides the word, e.g. "Pendente" for an invoice. */ label?: string }) {
  const known = STATUSES[status];
  return <Badge tone={known?.tone ?? 'neutral'}>{label ?? known?.label ?? status}</Badge>;
}

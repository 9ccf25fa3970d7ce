import { SUBSCRIPTION_STATUSES, subscriptionStatusLabel, subscriptionStatusTone, type SubscriptionStatus } from '@clube/platform/subscription-words';
import type { ReactNode } from 'react';
import './kit.css';

export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={`clube-badge clube-badge--${tone}`}>{children}</span>;
}

/** The other statuses the API sends (PRODUCT.md §4), in words and a colour. */
const STATUSES: Record<string, { label: string; tone: BadgeTone }> = {
  // Invoice (its CANCELED reads as a subscription's)
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

const isSubscriptionStatus = (status: string): status is SubscriptionStatus => (SUBSCRIPTION_STATUSES as readonly string[]).includes(status);

/** A status in words and a colour: a subscription's from @clube/platform/subscription-words, every remote's one home of them. */
function knownStatus(status: string): { label: string; tone: BadgeTone } | undefined {
  if (isSubscriptionStatus(status)) return { label: subscriptionStatusLabel(status), tone: subscriptionStatusTone(status) };
  return STATUSES[status];
}

/** A status from the API as a coloured label; an unknown one is shown as it came, in grey. */
export function StatusBadge({ status, label }: { status: string; /** Overrides the word, e.g. "Pendente" for an invoice. */ label?: string }) {
  const known = knownStatus(status);
  return <Badge tone={known?.tone ?? 'neutral'}>{label ?? known?.label ?? status}</Badge>;
}

import type { CatalogueItemDocument } from '../../catalogue/documents';
import type { UserDocument } from '../../users/documents';

export type LockReason = 'SIGN_IN_REQUIRED' | 'SUBSCRIPTION_REQUIRED' | 'UNLOCK_REQUIRED';

export interface Lock {
  reason: LockReason;
  message: string;
}

/** Who is looking at a page of items, with everything the gate needs (loaded once per request). */
export interface Viewer {
  user: UserDocument | null;
  isAdmin: boolean;
  hasActiveSubscription: boolean;
  /** Ids (hex) of the items of this type the member unlocked with credits. */
  unlockedIds: Set<string>;
}

/**
 * FREE: any signed-in member; SUBSCRIBERS: an ACTIVE subscription; CREDITS: the member
 * unlocked it (kept even if the subscription ends later: the credits were spent). Admins see all.
 */
export function lockOf(viewer: Viewer, item: Pick<CatalogueItemDocument, '_id' | 'access' | 'creditCost'>): Lock | null {
  if (viewer.isAdmin) return null;
  if (!viewer.user) return { reason: 'SIGN_IN_REQUIRED', message: 'Entre na sua conta para acessar este item.' };
  switch (item.access) {
    case 'FREE':
      return null;
    case 'SUBSCRIBERS':
      return viewer.hasActiveSubscription
        ? null
        : { reason: 'SUBSCRIPTION_REQUIRED', message: 'Exclusivo para assinantes. Assine um plano para ter acesso.' };
    case 'CREDITS':
      if (viewer.unlockedIds.has(item._id.toHexString())) return null;
      return viewer.hasActiveSubscription
        ? {
            reason: 'UNLOCK_REQUIRED',
            message: `Desbloqueie com ${item.creditCost} crédito(s) do seu plano para ter acesso.`,
          }
        : { reason: 'SUBSCRIPTION_REQUIRED', message: 'Assine um plano para desbloquear este item com créditos.' };
  }
}

import { badRequest } from '../../../http/app-error';
import type { CatalogueItemDocument, PublicationStatus } from '../documents';

/** draft → published stamps publishedAt (now, or the date given to schedule); back to draft clears it. */
export function resolvePublication(
  current: Pick<CatalogueItemDocument, 'status' | 'publishedAt'> | null,
  change: { status?: PublicationStatus | undefined; publishedAt?: string | null | undefined },
  now: Date,
): Pick<CatalogueItemDocument, 'status' | 'publishedAt'> {
  const status = change.status ?? current?.status ?? 'DRAFT';
  if (status === 'DRAFT') return { status, publishedAt: null };
  if (change.publishedAt) return { status, publishedAt: new Date(change.publishedAt) };
  if (change.publishedAt === undefined && current?.status === 'PUBLISHED' && current.publishedAt) {
    return { status, publishedAt: current.publishedAt };
  }
  return { status, publishedAt: now };
}

/** CREDITS items cost at least one credit; the others cost nothing. */
export function resolveCreditCost(
  access: CatalogueItemDocument['access'],
  given: number | undefined,
  current: number | undefined,
): number {
  if (access !== 'CREDITS') {
    if (given !== undefined && given > 0) {
      throw badRequest('Só itens com acesso por créditos (CREDITS) têm custo em créditos.', 'CREDIT_COST_NOT_ALLOWED');
    }
    return 0;
  }
  const cost = given ?? current ?? 0;
  if (cost < 1) throw badRequest('Itens com acesso por créditos precisam custar pelo menos 1 crédito.', 'CREDIT_COST_REQUIRED');
  return cost;
}

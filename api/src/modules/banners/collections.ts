import type { IndexDeclaration } from '../../store/indexes';

/** The collection only the banners module touches (banners-repository.ts). */
export const BANNERS_COLLECTIONS = { banners: 'banners' } as const;

export const BANNERS_INDEXES: IndexDeclaration[] = [{ collection: BANNERS_COLLECTIONS.banners, key: { active: 1, order: 1 } }];

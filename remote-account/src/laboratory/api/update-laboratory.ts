import type { ApiBody } from '@clube/platform';
import { useOwnProfileChange } from '@clube/platform/data';

export type LaboratoryBody = NonNullable<ApiBody<'/v1/users/{id}', 'patch'>['laboratory']>;

/** `PATCH /v1/users/{id}` with the laboratory, then the profile (`['me']`) is fetched again. */
export function useUpdateLaboratory() {
  return useOwnProfileChange((laboratory: LaboratoryBody) => ({ laboratory }));
}

import type { ApiResponse, TypedApi } from '@clube/platform';
import { useApi } from '@clube/platform/data';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { teamQueryKey } from './get-team';

export type Training = ApiResponse<'/v1/team/training'>;
export type TrainingPerson = Training['people'][number];
export type TrainingItem = TrainingPerson['items'][number];

/** The period as the URL holds it (`?de=2026-01-01&ate=2026-11-22`); empty = the API's default (last 12 months). */
export interface Period {
  from?: string;
  to?: string;
}

/** `GET /v1/team/training?from&to`: per person, the videos finished in the period, hours and last activity. */
export const getTraining = (api: TypedApi, period: Period, signal?: AbortSignal) =>
  api.get('/v1/team/training', { params: { query: { from: period.from || undefined, to: period.to || undefined } }, signal });

export const trainingQueryOptions = (api: TypedApi, period: Period) =>
  queryOptions({ queryKey: [...teamQueryKey, 'training', period.from ?? '', period.to ?? ''], queryFn: ({ signal }) => getTraining(api, period, signal) });

/** Another period keeps the last one on screen while it loads. */
export function useTraining(period: Period, enabled = true) {
  return useQuery({ ...trainingQueryOptions(useApi(), period), placeholderData: keepPreviousData, enabled });
}

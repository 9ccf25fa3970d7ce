import type { ApiResponse } from '@clube/platform';

/** A video as the catalogue lists it (generated from the API's OpenAPI document). */
export type VideoCard = ApiResponse<'/v1/videos/'>['data'][number];
export type VideoDetail = ApiResponse<'/v1/videos/{idOrSlug}'>;
export type ContentCard = ApiResponse<'/v1/contents/'>['data'][number];
export type ContentDetail = ApiResponse<'/v1/contents/{idOrSlug}'>;
export type Category = ApiResponse<'/v1/categories/'>['data'][number];
export type Access = VideoCard['access'];

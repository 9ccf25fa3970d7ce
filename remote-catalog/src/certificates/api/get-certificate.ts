import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TypedApi } from '@clube/platform';
import { useApi } from '@clube/platform/data';

/** `GET /v1/certificates/{code}` (public): the certificate, whether it is the current version, and its history. */
export const getCertificate = (api: TypedApi, code: string, signal?: AbortSignal) =>
  api.get('/v1/certificates/{code}', { params: { path: { code } }, signal });

/** Codes are case-insensitive: one cache entry per code however it was typed. */
export const certificateQueryOptions = (api: TypedApi, code: string) =>
  queryOptions({ queryKey: ['certificates', code.trim().toUpperCase()], queryFn: ({ signal }) => getCertificate(api, code.trim(), signal) });

export function useCertificate(code: string) {
  return useQuery(certificateQueryOptions(useApi(), code));
}

/** Where the browser downloads the PDF and loads the QR image (public routes: no token needed). */
export function certificateFileUrls(apiUrl: string, code: string) {
  const base = `${apiUrl.replace(/\/+$/, '')}/v1/certificates/${encodeURIComponent(code)}`;
  return { pdf: `${base}/pdf`, qr: `${base}/qr.png` };
}

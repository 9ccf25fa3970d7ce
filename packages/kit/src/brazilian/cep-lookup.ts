import { useConfig } from '@clube/platform';
import axios, { isAxiosError } from 'axios';
import { useCallback, useEffect, useRef, useState } from 'react';

/** BrasilAPI's answer for `GET /cep/v2/{cep}`. */
export interface CepAddress {
  cep: string;
  state: string;
  city: string;
  neighborhood: string;
  street: string;
  service?: string;
}

/** After this long without an answer the page tells the person to go on by hand. */
export const CEP_SLOW_AFTER_MS = 4000;

// A plain instance: the seed sets no timeout for the CEP lookup, and it must not carry the API's bearer token.
const brasilApi = axios.create();

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** Looks a CEP (8 digits) up on BrasilAPI. Rejects when the CEP is unknown or the service fails. */
export async function getAddressByCep(brasilApiUrl: string, cep: string, signal?: AbortSignal): Promise<CepAddress> {
  const { data } = await brasilApi.get<Partial<CepAddress>>(`${brasilApiUrl.replace(/\/$/, '')}/cep/v2/${cep}`, { signal });
  return { cep: text(data.cep), state: text(data.state), city: text(data.city), neighborhood: text(data.neighborhood), street: text(data.street), service: text(data.service) };
}

export type CepLookupStatus = 'idle' | 'loading' | 'slow' | 'found' | 'not-found' | 'failed';

/**
 * Runs one CEP lookup at a time (a newer CEP cancels the older lookup) and reports its progress.
 * It never blocks the form: after CEP_SLOW_AFTER_MS it reports `slow`, and the answer, if it still
 * comes, goes to `onFound`.
 */
export function useAddressByCep(onFound: (address: CepAddress) => void) {
  const { brasilApiUrl } = useConfig();
  const [status, setStatus] = useState<CepLookupStatus>('idle');
  const controller = useRef<AbortController | null>(null);
  const slowTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latestOnFound = useRef(onFound);

  useEffect(() => {
    latestOnFound.current = onFound;
  }, [onFound]);

  const cancel = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    clearTimeout(slowTimer.current);
  }, []);

  useEffect(() => cancel, [cancel]);

  const lookup = useCallback(
    (cep: string) => {
      cancel();
      if (!/^\d{8}$/.test(cep)) {
        setStatus('idle');
        return;
      }
      const current = new AbortController();
      controller.current = current;
      setStatus('loading');
      slowTimer.current = setTimeout(() => setStatus('slow'), CEP_SLOW_AFTER_MS);
      getAddressByCep(brasilApiUrl, cep, current.signal).then(
        (address) => {
          if (current.signal.aborted) return;
          clearTimeout(slowTimer.current);
          setStatus('found');
          latestOnFound.current(address);
        },
        (error: unknown) => {
          if (current.signal.aborted) return;
          clearTimeout(slowTimer.current);
          const status = isAxiosError(error) ? error.response?.status : undefined;
          setStatus(status === 404 || status === 400 ? 'not-found' : 'failed');
        },
      );
    },
    [brasilApiUrl, cancel],
  );

  const reset = useCallback(() => {
    cancel();
    setStatus('idle');
  }, [cancel]);

  return { status, lookup, reset };
}

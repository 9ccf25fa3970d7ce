import { Button } from '@clube/platform';
import type { AxiosProgressEvent, AxiosRequestConfig } from 'axios';
import { useEffect, useRef, useState, type ChangeEvent, type DragEvent, type ReactNode } from 'react';
import { FieldMessages, useFieldIds } from './field';
import './kit.css';

export interface UploadOptions {
  signal: AbortSignal;
  /** From 0 to 1. */
  onProgress: (fraction: number) => void;
}

export type UploadFile = (file: File, options: UploadOptions) => Promise<unknown>;

/** Something that posts like the platform's API client (`useApiClient()`). */
export interface Poster {
  post<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T>;
}

/** An UploadFile that posts the file as multipart form data, reporting axios' upload progress. */
export function uploadWithAxios(api: Poster, url: string, field = 'file'): UploadFile {
  return (file, { signal, onProgress }) => {
    const body = new FormData();
    body.append(field, file);
    return api.post(url, body, {
      signal,
      onUploadProgress: (event: AxiosProgressEvent) => onProgress(event.progress ?? (event.total ? event.loaded / event.total : 0)),
    });
  };
}

const SIZE = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

/** `850 KB`, `12,5 MB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${SIZE.format(Math.max(1, Math.round(bytes / 1024)))} KB`;
  return `${SIZE.format(bytes / (1024 * 1024))} MB`;
}

/** `accept` entries are MIME types (`image/png`, `image/*`) or extensions (`.vtt`). */
function isAccepted(file: File, accept: readonly string[]): boolean {
  if (accept.length === 0) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return accept.some((entry) => {
    const rule = entry.trim().toLowerCase();
    if (rule.startsWith('.')) return name.endsWith(rule);
    if (rule.endsWith('/*')) return type.startsWith(rule.slice(0, -1));
    return type === rule;
  });
}

/** The reason a file cannot be sent, checked before any byte leaves the browser. */
export function fileProblem(file: File, { accept, acceptLabel, maxBytes }: { accept: readonly string[]; acceptLabel: string; maxBytes: number }): string | undefined {
  if (!isAccepted(file, accept)) return `"${file.name}" não é um arquivo aceito. Envie ${acceptLabel}.`;
  if (file.size > maxBytes) return `"${file.name}" tem ${formatBytes(file.size)}; o limite é ${formatBytes(maxBytes)}.`;
  return undefined;
}

export interface FileUploadProps {
  label: string;
  /** MIME types or extensions, as the input's `accept`. */
  accept: readonly string[];
  /** The accepted types in words: "PNG ou JPG". */
  acceptLabel: string;
  maxBytes: number;
  upload: UploadFile;
  onUploaded?: (file: File, result: unknown) => void;
  hint?: ReactNode;
  disabled?: boolean;
}

type State = { kind: 'idle' } | { kind: 'uploading'; file: File; progress: number } | { kind: 'done'; file: File } | { kind: 'canceled' } | { kind: 'error'; message: string };

/**
 * One file, chosen or dropped: type and size checked first, then sent with a progress bar and a
 * Cancel button (the request is aborted, not just hidden).
 */
export function FileUpload({ label, accept, acceptLabel, maxBytes, upload, onUploaded, hint, disabled }: FileUploadProps) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [over, setOver] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const error = state.kind === 'error' ? state.message : undefined;
  const { controlId, hintId, errorId, controlAria } = useFieldIds(undefined, hint ?? `${acceptLabel}, até ${formatBytes(maxBytes)}.`, error);

  useEffect(() => () => controller.current?.abort(), []);

  async function send(file: File) {
    const problem = fileProblem(file, { accept, acceptLabel, maxBytes });
    if (problem) return setState({ kind: 'error', message: problem });
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState({ kind: 'uploading', file, progress: 0 });
    try {
      const result = await upload(file, { signal: current.signal, onProgress: (progress) => !current.signal.aborted && setState({ kind: 'uploading', file, progress }) });
      if (current.signal.aborted) return;
      setState({ kind: 'done', file });
      onUploaded?.(file, result);
    } catch (caught) {
      if (current.signal.aborted) return;
      setState({ kind: 'error', message: caught instanceof Error && caught.message ? caught.message : 'Não foi possível enviar o arquivo. Tente novamente.' });
    }
  }

  function cancel() {
    controller.current?.abort();
    setState({ kind: 'canceled' });
  }

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again still fires change
    if (file) void send(file);
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled && state.kind !== 'uploading') void send(file);
  }

  const uploading = state.kind === 'uploading';
  const percent = uploading ? Math.round(state.progress * 100) : 0;

  return (
    <div className="clube-upload">
      <label className="clube-upload__label" htmlFor={controlId}>
        {label}
      </label>
      <div
        className={['clube-upload__zone', over && 'clube-upload__zone--over', error && 'clube-upload__zone--invalid'].filter(Boolean).join(' ')}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid="upload-zone"
      >
        <span>Arraste o arquivo para cá ou</span>
        <label htmlFor={controlId} className="clube-button clube-button--secondary" aria-hidden="true">
          Escolher arquivo
        </label>
        <input {...controlAria} id={controlId} className="clube-visually-hidden" type="file" accept={accept.join(',')} disabled={disabled || uploading} onChange={onChange} />
      </div>
      <FieldMessages hint={hint ?? `${acceptLabel}, até ${formatBytes(maxBytes)}.`} error={error} hintId={hintId} errorId={errorId} />
      {uploading && (
        <div className="clube-upload__progress">
          <span>Enviando {state.file.name}…</span>
          <div className="clube-upload__bar" role="progressbar" aria-label={`Envio de ${state.file.name}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
            <span style={{ width: `${percent}%` }} />
          </div>
          <span aria-hidden="true">{percent}%</span>
          <Button variant="secondary" onClick={cancel}>
            Cancelar envio
          </Button>
        </div>
      )}
      <p role="status" className="clube-input__hint clube-upload__status">
        {state.kind === 'done' ? `${state.file.name} enviado.` : state.kind === 'canceled' ? 'Envio cancelado.' : ''}
      </p>
    </div>
  );
}

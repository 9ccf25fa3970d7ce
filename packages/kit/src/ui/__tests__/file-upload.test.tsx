import { File as NodeFile } from 'node:buffer';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosRequestConfig } from 'axios';
import { FileUpload, uploadWithAxios, type UploadOptions } from '../file-upload';

const MB = 1024 * 1024;
const file = (name: string, type: string, size: number) => new File([new Uint8Array(size)], name, { type });

function renderUpload(upload: jest.Mock) {
  const onUploaded = jest.fn();
  render(<FileUpload label="Capa" accept={['image/png', 'image/jpeg']} acceptLabel="PNG ou JPG" maxBytes={2 * MB} upload={upload} onUploaded={onUploaded} />);
  return { input: screen.getByLabelText(/Capa/) as HTMLInputElement, onUploaded };
}

describe('FileUpload', () => {
  it('When a file of another type or over the limit is chosen, then it says why and nothing is sent', async () => {
    const upload = jest.fn();
    const { input } = renderUpload(upload);
    expect(input).toHaveAccessibleDescription('PNG ou JPG, até 2 MB.');

    await userEvent.upload(input, file('contrato.pdf', 'application/pdf', 1000), { applyAccept: false });
    expect(input).toHaveAccessibleDescription('"contrato.pdf" não é um arquivo aceito. Envie PNG ou JPG.');
    expect(input).toHaveAttribute('aria-invalid', 'true');

    await userEvent.upload(input, file('foto.png', 'image/png', 3 * MB));
    expect(input).toHaveAccessibleDescription('"foto.png" tem 3 MB; o limite é 2 MB.');
    expect(upload).not.toHaveBeenCalled();
  });

  it('When an accepted file is sent, then the bar follows the upload progress and the end is announced', async () => {
    let options: UploadOptions | undefined;
    let finish: (value: unknown) => void = () => undefined;
    const upload = jest.fn((_file: File, given: UploadOptions) => {
      options = given;
      return new Promise((resolve) => (finish = resolve));
    });
    const { input, onUploaded } = renderUpload(upload);
    const cover = file('capa.png', 'image/png', 1000);
    await userEvent.upload(input, cover);

    expect(upload).toHaveBeenCalledWith(cover, expect.objectContaining({ signal: expect.any(AbortSignal) }));
    expect(screen.getByRole('progressbar', { name: 'Envio de capa.png' })).toHaveAttribute('aria-valuenow', '0');
    act(() => options?.onProgress(0.42));
    await waitFor(() => expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '42'));
    await act(async () => finish({ url: '/uploads/capa.png' }));
    expect(await screen.findByText('capa.png enviado.')).toBeInTheDocument();
    expect(onUploaded).toHaveBeenCalledWith(cover, { url: '/uploads/capa.png' });
  });

  it('When Cancel is pressed during the upload, then the request is aborted and the page says it was canceled', async () => {
    let signal: AbortSignal | undefined;
    const upload = jest.fn((_file: File, given: UploadOptions) => {
      signal = given.signal;
      return new Promise((_resolve, reject) => given.signal.addEventListener('abort', () => reject(new Error('canceled'))));
    });
    const { onUploaded, input } = renderUpload(upload);
    await userEvent.upload(input, file('capa.jpg', 'image/jpeg', 1000));
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar envio' }));

    expect(signal?.aborted).toBe(true);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(await screen.findByText('Envio cancelado.')).toBeInTheDocument();
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it('When a file is dropped on the zone, then it goes through the same checks', async () => {
    const upload = jest.fn();
    const { input } = renderUpload(upload);
    const zone = screen.getByTestId('upload-zone');
    const dropped = file('planilha.csv', 'text/csv', 10);
    fireEvent.drop(zone, { dataTransfer: { files: [dropped] } });
    expect(await screen.findByText('"planilha.csv" não é um arquivo aceito. Envie PNG ou JPG.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(upload).not.toHaveBeenCalled();
  });
});

describe('uploadWithAxios', () => {
  it("When axios reports upload progress, then the fraction reaches the bar, and the file goes as multipart with the abort signal", async () => {
    let config: AxiosRequestConfig | undefined;
    let body: unknown;
    const api = {
      post: jest.fn(async (_url: string, sent?: unknown, given?: AxiosRequestConfig) => {
        body = sent;
        config = given;
        return { url: '/uploads/capa.png' } as never;
      }),
    };
    const progress: number[] = [];
    const controller = new AbortController();
    // The test environment's FormData is Node's (msw needs it), which takes only Node's File as a
    // file; jsdom's would be sent as text. In a browser both are the browser's own.
    const cover = new NodeFile([new Uint8Array(10)], 'capa.png', { type: 'image/png' }) as unknown as File;
    await expect(uploadWithAxios(api, '/uploads/images')(cover, { signal: controller.signal, onProgress: (f) => progress.push(f) })).resolves.toEqual({ url: '/uploads/capa.png' });

    expect(api.post).toHaveBeenCalledWith('/uploads/images', expect.any(FormData), expect.objectContaining({ signal: controller.signal }));
    expect((body as FormData).get('file')).toMatchObject({ name: 'capa.png', size: 10, type: 'image/png' });
    config?.onUploadProgress?.({ loaded: 5, total: 10, progress: 0.5, bytes: 5, lengthComputable: true });
    config?.onUploadProgress?.({ loaded: 10, total: 10, bytes: 5, lengthComputable: true });
    expect(progress).toEqual([0.5, 1]);
  });
});

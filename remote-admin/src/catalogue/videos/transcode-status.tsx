import { Button, toast } from '@clube/platform';
import { useRetryTranscode, useTranscode } from './api/transcode';

/**
 * Under the uploaded MP4 in the video editor: its conversion to streaming (HLS), with the
 * percentage while it runs, the reason when it failed and "Tentar novamente". Until it is ready the
 * members' player uses the MP4 itself.
 */
export function TranscodeStatus({ videoKey }: { videoKey: string }) {
  const transcode = useTranscode(videoKey);
  const retry = useRetryTranscode(videoKey);
  const state = transcode.data;
  if (!state) return null;

  if (state.status === 'READY') {
    return (
      <p className="admin-note" role="status">
        Pronto para streaming: {state.renditions.join(', ')}.
      </p>
    );
  }
  if (state.status === 'FAILED') {
    return (
      <div className="admin-transcode" role="alert">
        <p className="admin-transcode__error">Não foi possível preparar o vídeo para streaming: {state.error}</p>
        <p className="admin-note">Enquanto isso, os membros assistem ao arquivo MP4 original.</p>
        <Button
          variant="secondary"
          disabled={retry.isPending}
          onClick={() =>
            retry.mutate(undefined, {
              onError: () => toast({ variant: 'danger', title: 'Não foi possível tentar de novo', description: 'Recarregue a página e tente outra vez.' }),
            })
          }
        >
          Tentar novamente
        </Button>
      </div>
    );
  }
  const label = state.status === 'PENDING' ? 'Na fila para conversão em streaming…' : `Convertendo para streaming: ${state.progress}%`;
  return (
    <div className="admin-transcode" role="status">
      <p className="admin-note">{label}</p>
      <div className="clube-upload__bar" role="progressbar" aria-label="Conversão para streaming" aria-valuemin={0} aria-valuemax={100} aria-valuenow={state.progress}>
        <span style={{ width: `${state.progress}%` }} />
      </div>
      <p className="admin-note">Até terminar, os membros assistem ao arquivo MP4 original.</p>
    </div>
  );
}

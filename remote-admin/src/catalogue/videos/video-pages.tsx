import { FieldErrorMessage, RadioGroupField, TextField, TextareaField } from '@clube/kit/forms/fields';
import { Form, FormAlert, SubmitButton, useZodForm } from '@clube/kit/forms/form';
import { FileUpload, uploadWithAxios } from '@clube/kit/ui/file-upload';
import { Skeleton } from '@clube/kit/ui/skeleton';
import { Button, Card, ErrorState, formatDateTime, toast, useApiClient, type CatalogueItem } from '@clube/platform';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import * as z from 'zod/mini';
import { ImageField } from '../../shared/image-field';
import type { CatalogueBody } from '../api/save-catalogue-item';
import { changedImage, commonBody, commonDefaults, useCatalogueSave } from '../catalogue-editor';
import { CatalogueEditPage, CatalogueNewPage } from '../catalogue-editor-page';
import { AccessFields, CategoryField, PublicationFields, TitleAndSlugFields } from '../catalogue-fields';
import { CATALOGUE_ERROR_FIELDS, CATALOGUE_FIELDS, catalogueChecks, catalogueShape } from '../catalogue-form';
import { CatalogueListPage } from '../catalogue-list-page';
import { useTranscript, useTranscriptUpload } from './api/transcript';
import { TranscodeStatus } from './transcode-status';
import { formatClock, parseClock, readVideoDuration, videoLink } from './video-source';

type Video = CatalogueItem<'videos'>;

/** `/admin/videos`: every video (drafts and scheduled too), filtered in the URL, with edit and delete. */
export function VideosAdminPage() {
  return <CatalogueListPage kind="videos" />;
}

interface SourceRules {
  sourceKind: 'file' | 'link';
  fileKey: string;
  link: string;
  duration: string;
  chapters: { time: string; title: string }[];
}

const videoSchema = z
  .object({
    ...catalogueShape,
    description: z.string().check(z.maxLength(5000, 'Use até 5.000 caracteres.')),
    sourceKind: z.enum(['file', 'link']),
    fileKey: z.string(),
    link: z.string().check(z.trim()),
    duration: z.string().check(z.trim()),
    thumbnailUrl: z.string(),
    chapters: z
      .array(z.object({ time: z.string().check(z.trim()), title: z.string().check(z.trim(), z.minLength(1, 'Dê um título ao capítulo.'), z.maxLength(120, 'Use até 120 caracteres.')) }))
      .check(z.maxLength(200, 'No máximo 200 capítulos.')),
  })
  .check(
    ...catalogueChecks,
    z.superRefine<SourceRules>((values, ctx) => {
      const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message, input: values });
      if (values.sourceKind === 'file' && !values.fileKey) issue(['fileKey'], 'Envie o arquivo do vídeo (MP4).');
      if (values.sourceKind === 'link' && !videoLink(values.link)) {
        issue(['link'], 'Use um link do YouTube (youtube.com/watch?v=… ou youtu.be/…) ou do Vimeo (vimeo.com/número).');
      }
      const duration = parseClock(values.duration);
      if (duration === null) issue(['duration'], 'Informe a duração como mm:ss ou hh:mm:ss (ex.: 04:30).');
      else if (duration < 1 || duration > 86_400) issue(['duration'], 'A duração vai de 1 segundo a 24 horas.');
      const seen = new Map<number, number>();
      values.chapters.forEach((chapter, index) => {
        const start = parseClock(chapter.time);
        if (start === null) return issue(['chapters', index, 'time'], 'Use mm:ss ou hh:mm:ss.');
        if (duration !== null && start >= duration) return issue(['chapters', index, 'time'], `Começa depois do fim do vídeo (${formatClock(duration)}).`);
        if (seen.has(start)) return issue(['chapters', index, 'time'], `O capítulo ${(seen.get(start) ?? 0) + 1} já começa em ${formatClock(start)}.`);
        seen.set(start, index);
      });
    }),
  );
type VideoValues = z.infer<typeof videoSchema>;

const FIELDS = [...CATALOGUE_FIELDS, 'description', 'thumbnailUrl', 'chapters'] as const;
const ALIASES = { durationSeconds: 'duration', source: 'link' } as const;
const ERROR_CODES = { ...CATALOGUE_ERROR_FIELDS, INVALID_CHAPTERS: 'chapters', FILE_NOT_FOUND: 'fileKey' } as const;

/** "Enviar arquivo" (MP4, duration read from it) or "Link do YouTube/Vimeo". */
function SourceFields({ currentFile }: { currentFile: string | null }) {
  const client = useApiClient();
  const { setValue, register } = useFormContext<VideoValues>();
  const kind = useWatch<VideoValues, 'sourceKind'>({ name: 'sourceKind' });
  const fileKey = useWatch<VideoValues, 'fileKey'>({ name: 'fileKey' });

  async function onUploaded(file: File, result: unknown) {
    setValue('fileKey', (result as { key: string }).key, { shouldDirty: true, shouldValidate: true });
    const seconds = await readVideoDuration(file);
    if (seconds !== null) {
      setValue('duration', formatClock(Math.max(1, Math.round(seconds))), { shouldDirty: true, shouldValidate: true });
      toast({ variant: 'info', title: 'Duração preenchida', description: `Lida do arquivo: ${formatClock(Math.max(1, Math.round(seconds)))}. Ajuste se precisar.` });
    }
  }

  return (
    <fieldset className="admin-fieldset">
      <legend>Vídeo</legend>
      <RadioGroupField
        name="sourceKind"
        label="Origem"
        options={[
          { value: 'file', label: 'Enviar arquivo' },
          { value: 'link', label: 'Link do YouTube/Vimeo' },
        ]}
      />
      {kind === 'file' ? (
        <div className="admin-form__block">
          <FileUpload
            label="Arquivo do vídeo"
            accept={['video/mp4', '.mp4']}
            acceptLabel="MP4"
            maxBytes={2 * 1024 * 1024 * 1024}
            hint="MP4 até 2 GB. A duração é lida do arquivo."
            upload={uploadWithAxios(client, '/uploads')}
            onUploaded={(file, result) => void onUploaded(file, result)}
          />
          <input type="hidden" {...register('fileKey')} />
          {fileKey && fileKey === currentFile && <p className="admin-note">Arquivo atual mantido. Envie outro para trocar.</p>}
          {fileKey && <TranscodeStatus videoKey={fileKey} />}
          <FieldErrorMessage name="fileKey" />
        </div>
      ) : (
        <TextField name="link" label="Link do vídeo" type="url" inputMode="url" hint="youtube.com/watch?v=…, youtu.be/… ou vimeo.com/…" />
      )}
      <TextField name="duration" label="Duração" inputMode="numeric" hint="mm:ss ou hh:mm:ss." className="admin-field--short" />
    </fieldset>
  );
}

/** Chapters: start (mm:ss) and title, added and removed; saved in order of start. */
function ChaptersField() {
  const { fields, append, remove } = useFieldArray<VideoValues, 'chapters'>({ name: 'chapters' });
  return (
    <fieldset className="admin-fieldset">
      <legend>Capítulos</legend>
      {fields.length === 0 && <p className="admin-note">Nenhum capítulo. Os capítulos aparecem abaixo do player e levam ao ponto do vídeo.</p>}
      <ol className="admin-list admin-form__block">
        {fields.map((field, index) => (
          <li key={field.id} className="admin-chapter">
            <TextField name={`chapters.${index}.time`} label={`Início do capítulo ${index + 1}`} inputMode="numeric" placeholder="00:00" />
            <TextField name={`chapters.${index}.title`} label={`Título do capítulo ${index + 1}`} maxLength={120} />
            <Button variant="secondary" onClick={() => remove(index)} aria-label={`Remover o capítulo ${index + 1}`}>
              Remover
            </Button>
          </li>
        ))}
      </ol>
      <FieldErrorMessage name="chapters" />
      <FieldErrorMessage name="chapters.root" />
      <Button variant="secondary" onClick={() => append({ time: '', title: '' })} disabled={fields.length >= 200}>
        Adicionar capítulo
      </Button>
      <p className="admin-note">Ao salvar, os capítulos ficam em ordem de início; cada um precisa começar antes do fim do vídeo.</p>
    </fieldset>
  );
}

function initialSource(video: Video | undefined): Pick<VideoValues, 'sourceKind' | 'fileKey' | 'link'> {
  if (!video?.source) return { sourceKind: 'file', fileKey: '', link: '' };
  if (video.source.kind === 'file') return { sourceKind: 'file', fileKey: video.source.key ?? '', link: '' };
  return { sourceKind: 'link', fileKey: '', link: video.source.url };
}

function VideoForm({ video }: { video?: Video }) {
  const form = useZodForm(videoSchema, {
    defaultValues: {
      ...commonDefaults(video),
      description: video?.description ?? '',
      ...initialSource(video),
      duration: video ? formatClock(video.durationSeconds) : '',
      thumbnailUrl: video?.thumbnailUrl ?? '',
      chapters: (video?.chapters ?? []).map((chapter) => ({ time: formatClock(chapter.startSeconds), title: chapter.title })),
    },
  });
  const { submit, leaveDialog } = useCatalogueSave('videos', video, form, { fields: FIELDS, codes: ERROR_CODES, aliases: ALIASES });

  async function onSubmit(values: VideoValues) {
    const chapters = values.chapters
      .map((chapter) => ({ startSeconds: parseClock(chapter.time) ?? 0, title: chapter.title }))
      .sort((a, b) => a.startSeconds - b.startSeconds);
    const link = videoLink(values.link);
    const body: CatalogueBody<'videos'> = {
      ...commonBody(values, video),
      description: values.description,
      source: values.sourceKind === 'file' || !link ? { kind: 'file', url: values.fileKey } : link,
      durationSeconds: parseClock(values.duration) ?? 0,
      chapters,
    };
    const thumbnail = changedImage(values.thumbnailUrl, video, video?.thumbnailUrl);
    if (thumbnail !== undefined) body.thumbnailUrl = thumbnail;
    // The form keeps the chapters as they were saved: in order of start.
    await submit(body, { ...values, chapters: chapters.map((chapter) => ({ time: formatClock(chapter.startSeconds), title: chapter.title })) });
  }

  return (
    <>
      <Form form={form} onSubmit={onSubmit} className="admin-form">
        <FormAlert />
        <TitleAndSlugFields slugLocked={Boolean(video)} urlPrefix="/videos" />
        <TextareaField name="description" label="Descrição" rows={4} maxLength={5000} />
        <SourceFields currentFile={video?.source?.kind === 'file' ? (video.source.key ?? null) : null} />
        <ImageField name="thumbnailUrl" label="Miniatura" initialPreview={video?.thumbnailUrl ?? null} previewAlt="Prévia da miniatura" />
        <CategoryField />
        <AccessFields />
        <ChaptersField />
        <PublicationFields />
        <SubmitButton>{video ? 'Salvar vídeo' : 'Criar vídeo'}</SubmitButton>
      </Form>
      {leaveDialog}
    </>
  );
}

/** The transcript (.vtt / .srt) of a saved video: its state, and an upload that replaces it. */
function TranscriptCard({ video }: { video: Video }) {
  const transcript = useTranscript(video._id, video.hasTranscript);
  const upload = useTranscriptUpload(video._id);
  return (
    <Card>
      <div className="admin-form">
        <h2 className="admin-card-title">Transcrição</h2>
        {!video.hasTranscript ? (
          <p className="admin-note">Este vídeo ainda não tem transcrição. Envie um arquivo WebVTT ou SRT: vira legenda no player e entra na busca.</p>
        ) : transcript.isPending ? (
          <Skeleton lines={1} label="Carregando a transcrição…" />
        ) : transcript.isError ? (
          <ErrorState message={transcript.error.message} onRetry={() => void transcript.refetch()} />
        ) : (
          <p role="status">
            Transcrição atual: {transcript.data.cueCount} {transcript.data.cueCount === 1 ? 'fala' : 'falas'} ({transcript.data.format.toUpperCase()}), enviada em {formatDateTime(transcript.data.updatedAt)}.
          </p>
        )}
        <FileUpload
          label={video.hasTranscript ? 'Substituir a transcrição' : 'Enviar transcrição'}
          accept={['.vtt', '.srt']}
          acceptLabel="WebVTT (.vtt) ou SRT (.srt)"
          maxBytes={2 * 1024 * 1024}
          upload={upload}
          onUploaded={() => toast({ variant: 'success', title: 'Transcrição enviada', description: video.title })}
        />
      </div>
    </Card>
  );
}

export function VideoNewPage() {
  return <CatalogueNewPage kind="videos" form={<VideoForm />} below={<p className="admin-note">A transcrição é enviada depois de salvar o vídeo, na página de edição.</p>} />;
}

export function VideoEditPage() {
  return <CatalogueEditPage kind="videos" form={(video) => <VideoForm key={video._id} video={video} />} below={(video) => <TranscriptCard video={video} />} />;
}

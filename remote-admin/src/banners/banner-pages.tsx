import { SwitchField, TextField, DateField } from '@clube/kit/forms/fields';
import { Form, FormAlert, SubmitButton, useZodForm } from '@clube/kit/forms/form';
import { Badge } from '@clube/kit/ui/badge';
import { Switch } from '@clube/kit/ui/checkbox';
import { FileUpload, uploadWithAxios } from '@clube/kit/ui/file-upload';
import { Skeleton } from '@clube/kit/ui/skeleton';
import { Button, Card, EmptyState, ErrorState, PageLayout, formatDateTime, toast, useApiClient, type ApiResponse } from '@clube/platform';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import * as z from 'zod/mini';
import { useLeaveWarning } from '../shared/use-leave-warning';
import { useAllBanners, useBanner, useCreateBanner, useReorderBanners, useUpdateBanner, type BannerBody } from './api/banners';

type Banner = ApiResponse<'/v1/banners/all'>['data'][number];

/** `datetime-local` (the admin's own clock) ↔ ISO instants for the API. */
const toLocalInput = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DDTHH:mm') : '');
const toIso = (local: string) => (local ? new Date(local).toISOString() : null);

function windowText(banner: Banner): string {
  if (!banner.startsAt && !banner.endsAt) return 'Sempre';
  const from = banner.startsAt ? `de ${formatDateTime(banner.startsAt)}` : 'desde já';
  const to = banner.endsAt ? `até ${formatDateTime(banner.endsAt)}` : 'sem fim';
  return `${from} ${to}`;
}

function BannerCard({ banner, index, count, onMove }: { banner: Banner; index: number; count: number; onMove: (from: number, to: number) => void }) {
  const update = useUpdateBanner();
  async function toggle(active: boolean) {
    try {
      await update.mutateAsync({ id: banner._id, changes: { active } });
      toast({ variant: 'success', title: active ? 'Banner ativado' : 'Banner desativado' });
    } catch (error) {
      toast({ variant: 'danger', title: 'Não foi possível mudar o banner', description: error instanceof Error ? error.message : undefined });
    }
  }
  return (
    <li className="admin-banner">
      <img src={banner.imageUrl} alt="" className="admin-banner__image" />
      <div className="admin-banner__text">
        <h2 className="admin-banner__title">
          {index + 1}. {banner.title}
        </h2>
        <p>
          {banner.live ? <Badge tone="success">No ar agora</Badge> : <Badge>Fora do ar</Badge>} {windowText(banner)}
        </p>
        {banner.linkUrl && <p className="admin-note">Leva a {banner.linkUrl}</p>}
        <Switch label="Ativo" checked={banner.active} disabled={update.isPending} onChange={(event) => void toggle(event.target.checked)} />
        <div className="clube-toolbar__actions">
          <Button variant="secondary" disabled={index === 0} onClick={() => onMove(index, index - 1)} aria-label={`Subir ${banner.title}`}>
            ↑ Subir
          </Button>
          <Button variant="secondary" disabled={index === count - 1} onClick={() => onMove(index, index + 1)} aria-label={`Descer ${banner.title}`}>
            ↓ Descer
          </Button>
          <Link className="clube-button clube-button--ghost" to={`/admin/banners/editar/${banner._id}`} aria-label={`Editar ${banner.title}`}>
            Editar
          </Link>
        </div>
      </div>
    </li>
  );
}

/** `/admin/banners`: the banners as the home page shows them, in order, with reorder and the active switch. */
export function BannersPage() {
  const banners = useAllBanners();
  const reorder = useReorderBanners();
  const rows = banners.data?.data ?? [];

  async function move(from: number, to: number) {
    const ids = rows.map((banner) => banner._id);
    const [moved] = ids.splice(from, 1);
    if (!moved) return;
    ids.splice(to, 0, moved);
    try {
      await reorder.mutateAsync(ids);
      toast({ variant: 'success', title: 'Ordem dos banners salva' });
    } catch (error) {
      toast({ variant: 'danger', title: 'Não foi possível reordenar', description: error instanceof Error ? error.message : undefined });
    }
  }

  return (
    <PageLayout
      title="Banners"
      description="Os destaques da página inicial, na ordem em que aparecem."
      actions={
        <Link className="clube-button clube-button--primary" to="/admin/banners/novo">
          Novo banner
        </Link>
      }
    >
      {banners.isPending ? (
        <Skeleton lines={4} label="Carregando os banners…" />
      ) : banners.isError ? (
        <ErrorState message={banners.error.message} onRetry={() => void banners.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState title="Nenhum banner ainda">Crie o primeiro em “Novo banner”: ele aparece no topo da página inicial.</EmptyState>
      ) : (
        <ol className="admin-banners" aria-busy={reorder.isPending || undefined}>
          {rows.map((banner, index) => (
            <BannerCard key={banner._id} banner={banner} index={index} count={rows.length} onMove={(a, b) => void move(a, b)} />
          ))}
        </ol>
      )}
    </PageLayout>
  );
}

const bannerSchema = z
  .object({
    title: z.string().check(z.trim(), z.minLength(2, 'Informe um título com pelo menos 2 letras.'), z.maxLength(120, 'Use até 120 caracteres.')),
    imageUrl: z.string().check(z.minLength(1, 'Envie a imagem do banner.')),
    linkUrl: z.string().check(z.trim(), z.refine((value) => value === '' || /^(https?:\/\/\S+|\/\S*)$/.test(value), 'Use um endereço https://… ou um caminho do site, como /planos.')),
    startsAt: z.string(),
    endsAt: z.string(),
    active: z.boolean(),
  })
  .check(z.refine((values) => !values.startsAt || !values.endsAt || values.startsAt < values.endsAt, { message: 'O fim precisa ser depois do início.', path: ['endsAt'] }));
type BannerValues = z.infer<typeof bannerSchema>;

function BannerForm({ banner }: { banner?: ApiResponse<'/v1/banners/{id}'> }) {
  const client = useApiClient();
  const create = useCreateBanner();
  const update = useUpdateBanner();
  const [preview, setPreview] = useState(banner?.imageUrl ?? '');
  const form = useZodForm(bannerSchema, {
    defaultValues: {
      title: banner?.title ?? '',
      imageUrl: banner?.imageUrl ?? '',
      linkUrl: banner?.linkUrl ?? '',
      startsAt: toLocalInput(banner?.startsAt ?? null),
      endsAt: toLocalInput(banner?.endsAt ?? null),
      active: banner?.active ?? true,
    },
  });

  const leave = useLeaveWarning(form.formState.isDirty && !form.formState.isSubmitSuccessful);

  async function onSubmit(values: BannerValues) {
    const body: BannerBody = {
      title: values.title,
      imageUrl: values.imageUrl,
      linkUrl: values.linkUrl || null,
      startsAt: toIso(values.startsAt),
      endsAt: toIso(values.endsAt),
      active: values.active,
    };
    try {
      // The API answers with absolute image links: an untouched image is not sent back.
      if (banner) await update.mutateAsync({ id: banner._id, changes: values.imageUrl === banner.imageUrl ? { ...body, imageUrl: undefined } : body });
      else await create.mutateAsync(body);
    } catch (error) {
      // The API's reason next to the field it names; otherwise FormAlert shows it.
      const message = error instanceof Error ? error.message : '';
      const field = (['linkUrl', 'imageUrl', 'endsAt', 'startsAt', 'title'] as const).find((name) => new RegExp(name, 'i').test(message));
      if (field) {
        form.setError(field, { message }, { shouldFocus: true });
        return;
      }
      throw error;
    }
    toast({ variant: 'success', title: banner ? 'Banner salvo' : 'Banner criado', description: values.title });
    form.reset(values);
    leave.navigateAway('/admin/banners');
  }

  return (
    <>
      <Form form={form} onSubmit={onSubmit} className="admin-form">
        <FormAlert />
        <TextField name="title" label="Título" maxLength={120} />
        <FileUpload
          label="Imagem"
          accept={['image/jpeg', 'image/png', 'image/webp']}
          acceptLabel="JPG, PNG ou WEBP"
          maxBytes={5 * 1024 * 1024}
          upload={uploadWithAxios(client, '/uploads')}
          onUploaded={(_file, result) => {
            const uploaded = result as { reference: string; url: string };
            form.setValue('imageUrl', uploaded.reference, { shouldDirty: true, shouldValidate: true });
            setPreview(uploaded.url);
          }}
        />
        <input type="hidden" {...form.register('imageUrl')} />
        {form.formState.errors.imageUrl && (
          <p className="clube-input__error" role="alert">
            {form.formState.errors.imageUrl.message}
          </p>
        )}
        {preview && <img src={preview} alt="Prévia do banner" className="admin-banner__image admin-banner__image--preview" />}
        <TextField name="linkUrl" label="Link (opcional)" hint="https://… ou um caminho do site, como /planos." />
        <DateField name="startsAt" kind="datetime-local" label="Começa a aparecer em" hint="Vazio: já." />
        <DateField name="endsAt" kind="datetime-local" label="Deixa de aparecer em" hint="Vazio: sem fim." />
        <SwitchField name="active" label="Ativo" />
        <SubmitButton>{banner ? 'Salvar banner' : 'Criar banner'}</SubmitButton>
      </Form>
      {leave.dialog}
    </>
  );
}

export function BannerNewPage() {
  return (
    <PageLayout title="Novo banner" description={<Link to="/admin/banners">← Todos os banners</Link>}>
      <Card>
        <BannerForm />
      </Card>
    </PageLayout>
  );
}

export function BannerEditPage() {
  const { id = '' } = useParams();
  const banner = useBanner(id);
  return (
    <PageLayout title="Editar banner" description={<Link to="/admin/banners">← Todos os banners</Link>}>
      {banner.isPending ? (
        <Skeleton lines={5} label="Carregando o banner…" />
      ) : banner.isError ? (
        <ErrorState message={banner.error.message} onRetry={() => void banner.refetch()} />
      ) : (
        <Card>
          <BannerForm key={banner.data._id} banner={banner.data} />
        </Card>
      )}
    </PageLayout>
  );
}

import { SwitchField, TextField, DateField } from '@clube/kit/forms/fields';
import { Form, FormAlert, SubmitButton, useZodForm } from '@clube/kit/forms/form';
import { Badge } from '@clube/kit/ui/badge';
import { Switch } from '@clube/kit/ui/checkbox';
import { Skeleton } from '@clube/kit/ui/skeleton';
import { Button, Card, EmptyState, ErrorState, PageLayout, formatDateTime, toast, type ApiResponse } from '@clube/platform';
import dayjs from 'dayjs';
import { Link, useParams } from 'react-router-dom';
import * as z from 'zod/mini';
import { EditItemPage, EditorPage } from '../shared/editor-page';
import { ImageField } from '../shared/image-field';
import { rowMover } from '../shared/move-row';
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

  const move = rowMover(rows, reorder, 'Ordem dos banners salva');

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
  const create = useCreateBanner();
  const update = useUpdateBanner();
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
        <ImageField name="imageUrl" label="Imagem" required initialPreview={banner?.imageUrl ?? null} previewAlt="Prévia do banner" previewClassName="admin-banner__image admin-banner__image--preview" />
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

const BACK = { to: '/admin/banners', label: 'Todos os banners' };

export function BannerNewPage() {
  return (
    <EditorPage title="Novo banner" back={BACK}>
      <Card>
        <BannerForm />
      </Card>
    </EditorPage>
  );
}

export function BannerEditPage() {
  const { id = '' } = useParams();
  return (
    <EditItemPage title="Editar banner" back={BACK} item={useBanner(id)} loading={{ label: 'Carregando o banner…', lines: 5 }}>
      {(banner) => (
        <Card>
          <BannerForm key={banner._id} banner={banner} />
        </Card>
      )}
    </EditItemPage>
  );
}

import { TextField, TextareaField } from '@clube/kit/forms/fields';
import { Form, FormAlert, SubmitButton, useZodForm } from '@clube/kit/forms/form';
import { FileUpload, uploadWithAxios } from '@clube/kit/ui/file-upload';
import { Skeleton } from '@clube/kit/ui/skeleton';
import { Tabs } from '@clube/kit/ui/tabs';
import { Button, useApiClient, type CatalogueItem } from '@clube/platform';
import { lazy, Suspense } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import * as z from 'zod/mini';
import { ImageField } from '../../shared/image-field';
import type { CatalogueBody } from '../api/save-catalogue-item';
import { changedImage, commonBody, commonDefaults, useCatalogueSave } from '../catalogue-editor';
import { CatalogueEditPage, CatalogueNewPage } from '../catalogue-editor-page';
import { AccessFields, CategoryField, PublicationFields, TitleAndSlugFields } from '../catalogue-fields';
import { CATALOGUE_ERROR_FIELDS, CATALOGUE_FIELDS, catalogueChecks, catalogueShape } from '../catalogue-form';
import { CatalogueListPage } from '../catalogue-list-page';

type Content = CatalogueItem<'contents'>;

// marked + DOMPurify load only when the preview is opened (≈ 40 kB gzip the editor does not need to type).
const Markdown = lazy(() => import(/* webpackChunkName: "markdown" */ '@clube/kit/ui/markdown').then((module) => ({ default: module.Markdown })));

/** `/admin/conteudo`: every content (drafts and scheduled too), filtered in the URL, with edit and delete. */
export function ContentsPage() {
  return <CatalogueListPage kind="contents" />;
}

const contentSchema = z
  .object({
    ...catalogueShape,
    summary: z.string().check(z.trim(), z.minLength(1, 'Escreva um resumo: ele aparece no cartão do conteúdo.'), z.maxLength(500, 'Use até 500 caracteres.')),
    body: z.string().check(z.refine((value) => value.trim().length > 0, 'Escreva o texto do conteúdo.'), z.maxLength(50_000, 'Use até 50.000 caracteres.')),
    coverUrl: z.string(),
    attachments: z
      .array(z.object({ name: z.string().check(z.trim(), z.minLength(1, 'Dê um nome ao anexo.'), z.maxLength(120, 'Use até 120 caracteres.')), key: z.string() }))
      .check(z.maxLength(20, 'No máximo 20 anexos.')),
  })
  .check(...catalogueChecks);
type ContentValues = z.infer<typeof contentSchema>;

const FIELDS = [...CATALOGUE_FIELDS, 'summary', 'body', 'coverUrl', 'attachments'] as const;

function BodyField() {
  const body = useWatch<ContentValues, 'body'>({ name: 'body' });
  return (
    <div className="admin-form__block">
      <Tabs
        label="Texto do conteúdo"
        tabs={[
          { id: 'edit', label: 'Editar', content: <TextareaField name="body" label="Texto (Markdown)" rows={14} hint="Markdown: **negrito**, _itálico_, # títulos, listas com -, [links](https://…)." /> },
          {
            id: 'preview',
            label: 'Pré-visualizar',
            content: body.trim() ? (
              <Suspense fallback={<Skeleton lines={4} label="Carregando a pré-visualização…" />}>
                <Markdown source={body} className="admin-markdown-preview" />
              </Suspense>
            ) : (
              <p className="admin-note">Nada para pré-visualizar ainda: escreva o texto em “Editar”.</p>
            ),
          },
        ]}
      />
    </div>
  );
}

function AttachmentsField() {
  const client = useApiClient();
  const { fields, append, remove } = useFieldArray<ContentValues, 'attachments'>({ name: 'attachments' });
  return (
    <fieldset className="admin-fieldset">
      <legend>Anexos</legend>
      {fields.length === 0 ? (
        <p className="admin-note">Nenhum anexo. Envie PDFs para quem desbloquear o conteúdo baixar.</p>
      ) : (
        <ul className="admin-list admin-form__block">
          {fields.map((field, index) => (
            <li key={field.id} className="admin-list__item">
              <TextField name={`attachments.${index}.name`} label={`Nome do anexo ${index + 1}`} maxLength={120} />
              <Button variant="secondary" onClick={() => remove(index)} aria-label={`Remover o anexo ${index + 1}`}>
                Remover
              </Button>
            </li>
          ))}
        </ul>
      )}
      <FileUpload
        label="Adicionar anexo"
        accept={['application/pdf', '.pdf']}
        acceptLabel="PDF"
        maxBytes={20 * 1024 * 1024}
        upload={uploadWithAxios(client, '/uploads')}
        disabled={fields.length >= 20}
        onUploaded={(file, result) => append({ name: file.name.slice(0, 120), key: (result as { key: string }).key })}
      />
    </fieldset>
  );
}

function ContentForm({ content }: { content?: Content }) {
  const form = useZodForm(contentSchema, {
    defaultValues: {
      ...commonDefaults(content),
      summary: content?.summary ?? '',
      body: content?.body ?? '',
      coverUrl: content?.coverUrl ?? '',
      attachments: (content?.attachments ?? []).map(({ name, key }) => ({ name, key })),
    },
  });
  const { submit, leaveDialog } = useCatalogueSave('contents', content, form, { fields: FIELDS, codes: CATALOGUE_ERROR_FIELDS });

  async function onSubmit(values: ContentValues) {
    const body: CatalogueBody<'contents'> = { ...commonBody(values, content), summary: values.summary, body: values.body, attachments: values.attachments };
    const cover = changedImage(values.coverUrl, content, content?.coverUrl);
    if (cover !== undefined) body.coverUrl = cover;
    await submit(body, values);
  }

  return (
    <>
      <Form form={form} onSubmit={onSubmit} className="admin-form">
        <FormAlert />
        <TitleAndSlugFields slugLocked={Boolean(content)} urlPrefix="/conteudos" />
        <TextareaField name="summary" label="Resumo" maxLength={500} rows={3} hint="Aparece no cartão do conteúdo, para todos." />
        <BodyField />
        <CategoryField />
        <ImageField name="coverUrl" label="Imagem de capa" initialPreview={content?.coverUrl ?? null} previewAlt="Prévia da capa" />
        <AttachmentsField />
        <AccessFields />
        <PublicationFields />
        <SubmitButton>{content ? 'Salvar conteúdo' : 'Criar conteúdo'}</SubmitButton>
      </Form>
      {leaveDialog}
    </>
  );
}

export function ContentNewPage() {
  return <CatalogueNewPage kind="contents" form={<ContentForm />} />;
}

export function ContentEditPage() {
  return <CatalogueEditPage kind="contents" form={(content) => <ContentForm key={content._id} content={content} />} />;
}

import { TextField } from '@clube/kit/forms/fields';
import { Form, FormAlert, SubmitButton, useZodForm } from '@clube/kit/forms/form';
import { ConfirmDialog, Dialog } from '@clube/kit/ui/dialog';
import { Skeleton } from '@clube/kit/ui/skeleton';
import { Button, Card, EmptyState, ErrorState, PageLayout, toast, type ApiResponse } from '@clube/platform';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router-dom';
import * as z from 'zod/mini';
import { rowMover } from '../../shared/move-row';
import { useAllCategories, useCreateCategory, useDeleteCategory, useRenameCategory, useReorderCategories } from '../api/categories';
import { useSlugPreview } from '../api/get-slug-preview';

type Category = ApiResponse<'/v1/categories/'>['data'][number];

const nameSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(2, 'Informe um nome com pelo menos 2 letras.'), z.maxLength(80, 'Use até 80 caracteres.')),
});

function CreateForm() {
  const create = useCreateCategory();
  const form = useZodForm(nameSchema, { defaultValues: { name: '' } });
  // The address the API will store for this name (the API derives it: nothing is sent but the name).
  const preview = useSlugPreview(useWatch({ control: form.control, name: 'name' }) ?? '');
  const hint = preview.loading ? 'Calculando o endereço…' : preview.slug ? `Endereço: /${preview.slug}` : undefined;
  async function onSubmit({ name }: { name: string }) {
    await create.mutateAsync(name); // a refusal (e.g. the slug already exists) stays in FormAlert with the typed name
    toast({ variant: 'success', title: 'Categoria criada', description: name });
    form.reset({ name: '' });
  }
  return (
    <Form form={form} onSubmit={onSubmit} className="admin-form">
      <FormAlert />
      <TextField name="name" label="Nome da nova categoria" maxLength={80} hint={hint} />
      <SubmitButton>Criar categoria</SubmitButton>
    </Form>
  );
}

function RenameDialog({ category, onClose }: { category: Category; onClose: () => void }) {
  const rename = useRenameCategory();
  const form = useZodForm(nameSchema, { defaultValues: { name: category.name } });
  async function onSubmit({ name }: { name: string }) {
    await rename.mutateAsync({ id: category._id, name });
    toast({ variant: 'success', title: 'Categoria renomeada', description: `${category.name} → ${name}` });
    onClose();
  }
  return (
    <Dialog open onClose={onClose} title="Renomear categoria" description={`O endereço (/${category.slug}) continua o mesmo.`}>
      <Form form={form} onSubmit={onSubmit} className="admin-form">
        <FormAlert />
        <TextField name="name" label="Novo nome" maxLength={80} />
        <SubmitButton>Salvar nome</SubmitButton>
      </Form>
    </Dialog>
  );
}

/** `/admin/conteudo/categorias`: create, rename, reorder, and delete — refused with the API's reason while contents or videos use it. */
export function CategoriesPage() {
  const categories = useAllCategories();
  const reorder = useReorderCategories();
  const remove = useDeleteCategory();
  const [renaming, setRenaming] = useState<Category | null>(null);
  const [deleting, setDeleting] = useState<Category | null>(null);
  const rows = categories.data?.data ?? [];

  const move = rowMover(rows, reorder, 'Ordem das categorias salva');

  async function confirmDelete() {
    if (!deleting) return;
    await remove.mutateAsync(deleting._id); // "still in use" stays in the dialog, in the API's words
    toast({ variant: 'success', title: 'Categoria excluída', description: deleting.name });
  }

  return (
    <PageLayout title="Categorias" description={<Link to="/admin/conteudo">← Conteúdos</Link>}>
      <Card>
        <CreateForm />
      </Card>
      <section className="admin-section" aria-labelledby="categories-order">
        <h2 id="categories-order">Na ordem em que aparecem</h2>
        {categories.isPending ? (
          <Skeleton lines={4} label="Carregando as categorias…" />
        ) : categories.isError ? (
          <ErrorState message={categories.error.message} onRetry={() => void categories.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyState title="Nenhuma categoria ainda">Crie a primeira acima: conteúdos e vídeos precisam de uma categoria.</EmptyState>
        ) : (
          <ol className="admin-list" aria-busy={reorder.isPending || undefined}>
            {rows.map((category, index) => (
              <li key={category._id} className="clube-toolbar">
                <span>
                  <strong>
                    {index + 1}. {category.name}
                  </strong>{' '}
                  <span className="admin-note">/{category.slug}</span>
                </span>
                <div className="clube-toolbar__actions">
                  <Button variant="secondary" disabled={index === 0 || reorder.isPending} onClick={() => void move(index, index - 1)} aria-label={`Subir ${category.name}`}>
                    ↑ Subir
                  </Button>
                  <Button variant="secondary" disabled={index === rows.length - 1 || reorder.isPending} onClick={() => void move(index, index + 1)} aria-label={`Descer ${category.name}`}>
                    ↓ Descer
                  </Button>
                  <Button variant="ghost" onClick={() => setRenaming(category)} aria-label={`Renomear ${category.name}`}>
                    Renomear
                  </Button>
                  <Button variant="danger" onClick={() => setDeleting(category)} aria-label={`Excluir ${category.name}`}>
                    Excluir
                  </Button>
                </div>
              </li>
            ))}
          </ol>
        )}
      </section>
      {renaming && <RenameDialog key={renaming._id} category={renaming} onClose={() => setRenaming(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Excluir categoria?"
        message={deleting ? `“${deleting.name}” deixa de existir. Só é possível excluir uma categoria que nenhum conteúdo ou vídeo usa.` : ''}
        confirmLabel="Excluir categoria"
        tone="danger"
        onConfirm={confirmDelete}
      />
    </PageLayout>
  );
}

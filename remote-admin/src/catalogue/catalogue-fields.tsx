import { DateField, RadioGroupField, SelectField, TextField } from '@clube/kit/forms/fields';
import { useEffect, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useAllCategories } from './api/categories';
import { ACCESS_LABELS } from './access';
import { useSlugPreview } from './api/get-slug-preview';

/**
 * The title, and the slug the API will store for it (GET /admin/slug-preview, asked when typing
 * pauses) until the admin types a slug of their own. While the answer is on its way the slug is
 * blank and the hint says so: the field never shows a slug for an older title.
 */
export function TitleAndSlugFields({ slugLocked, urlPrefix }: { /** An existing item keeps its address when the title changes. */ slugLocked: boolean; urlPrefix: string }) {
  const { setValue, getValues, control } = useFormContext<{ title: string; slug: string }>();
  const [own, setOwn] = useState(slugLocked);
  const title = useWatch({ control, name: 'title' }) ?? '';
  const preview = useSlugPreview(title, !own);
  useEffect(() => {
    if (own) return;
    const slug = preview.slug ?? '';
    if (getValues('slug') !== slug) setValue('slug', slug, { shouldDirty: true, shouldValidate: slug !== '' });
  }, [own, preview.slug, getValues, setValue]);
  const hint = own
    ? `${urlPrefix}/${'{slug}'}: o endereço que você digitou.`
    : preview.loading
      ? 'Calculando o endereço a partir do título…'
      : preview.error
        ? `Não foi possível calcular o endereço agora (${preview.error.message}). Digite um.`
        : `${urlPrefix}/${'{slug}'}: o endereço que a API grava a partir do título, até você editá-lo.`;
  return (
    <>
      <TextField name="title" label="Título" maxLength={160} />
      <TextField name="slug" label="Endereço (slug)" maxLength={100} hint={hint} registerOptions={{ onChange: () => setOwn(true) }} />
    </>
  );
}

/** The category, from the categories the admin keeps at /admin/conteudo/categorias. */
export function CategoryField() {
  const categories = useAllCategories();
  const options = (categories.data?.data ?? []).map((category) => ({ value: category._id, label: category.name }));
  return (
    <SelectField
      name="categoryId"
      label="Categoria"
      placeholder={categories.isPending ? 'Carregando as categorias…' : 'Selecione'}
      options={options}
      hint={categories.isError ? `Não foi possível carregar as categorias: ${categories.error.message}` : options.length === 0 && !categories.isPending ? 'Nenhuma categoria ainda: crie uma em Categorias.' : undefined}
    />
  );
}

const ACCESS_OPTIONS = Object.entries(ACCESS_LABELS).map(([value, label]) => ({ value, label }));

/** Who may open the item, and the cost in credits (only for "Créditos"). */
export function AccessFields() {
  const access = useWatch<{ access: string }>({ name: 'access' });
  return (
    <div className="admin-form__row">
      <SelectField name="access" label="Acesso" options={ACCESS_OPTIONS} />
      {access === 'CREDITS' && <TextField name="creditCost" label="Custo em créditos" inputMode="numeric" hint="De 1 a 1.000." />}
    </div>
  );
}

const STATUS_OPTIONS = [
  { value: 'DRAFT', label: 'Rascunho (só administradores veem)' },
  { value: 'PUBLISHED', label: 'Publicado' },
  { value: 'SCHEDULED', label: 'Agendado' },
];

/** Draft / published / scheduled, with the date and time for a schedule. */
export function PublicationFields() {
  const status = useWatch<{ status: string }>({ name: 'status' });
  return (
    <div className="admin-form__block">
      <RadioGroupField name="status" label="Situação" options={STATUS_OPTIONS} />
      {status === 'SCHEDULED' && <DateField name="publishAt" kind="datetime-local" label="Publicar em" hint="No seu horário; aparece para os membros a partir daí." />}
    </div>
  );
}

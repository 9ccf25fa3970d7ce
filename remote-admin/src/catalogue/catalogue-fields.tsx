import { DateField, RadioGroupField, SelectField, TextField } from '@clube/kit/forms/fields';
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useAllCategories } from './api/categories';
import { ACCESS_LABELS } from './access';
import { slugFromTitle } from './slug';

/** The title, and the slug made from it (slugify) until the admin types a slug of their own. */
export function TitleAndSlugFields({ slugLocked, urlPrefix }: { /** An existing item keeps its address when the title changes. */ slugLocked: boolean; urlPrefix: string }) {
  const { setValue, getValues } = useFormContext<{ title: string; slug: string }>();
  const [own, setOwn] = useState(slugLocked);
  return (
    <>
      <TextField
        name="title"
        label="Título"
        maxLength={160}
        registerOptions={{
          onChange: () => {
            if (!own) setValue('slug', slugFromTitle(getValues('title')), { shouldDirty: true, shouldValidate: getValues('slug') !== '' });
          },
        }}
      />
      <TextField
        name="slug"
        label="Endereço (slug)"
        maxLength={100}
        hint={`${urlPrefix}/${'{slug}'}: feito a partir do título até você editá-lo.`}
        registerOptions={{ onChange: () => setOwn(true) }}
      />
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

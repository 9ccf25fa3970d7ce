import { FieldErrorMessage, SelectField, TextField, TextareaField } from '@clube/kit/forms/fields';
import { Form, FormAlert, SubmitButton, useZodForm } from '@clube/kit/forms/form';
import { Button } from '@clube/platform';
import { useFieldArray } from 'react-hook-form';
import * as z from 'zod/mini';
import type { CatalogueChoice, CompetenceFunction, FunctionBody } from './api/functions';

const WHOLE = /^\d+$/;
/** Empty, or a whole number between `min` and `max` (the API's limits), with the message a person reads. */
const wholeNumber = (min: number, max: number, message: string) => z.string().check(z.trim(), z.refine((value) => value === '' || (WHOLE.test(value) && +value >= min && +value <= max), message));

export const functionSchema = z
  .object({
    name: z.string().check(z.trim(), z.minLength(3, 'Dê um nome à função, com pelo menos 3 letras (ex.: Técnico de coleta).'), z.maxLength(120, 'Use até 120 caracteres.')),
    description: z.string().check(z.trim(), z.maxLength(2000, 'Use até 2.000 caracteres.')),
    dueDays: wholeNumber(1, 365, 'Informe um prazo de 1 a 365 dias.').check(z.minLength(1, 'Informe em quantos dias quem recebe a função conclui cada requisito.')),
    requirements: z
      .array(z.object({ item: z.string().check(z.minLength(1, 'Escolha o vídeo ou conteúdo exigido.')), validityMonths: wholeNumber(1, 120, 'Informe a validade em meses, de 1 a 120, ou deixe em branco.') }))
      .check(z.minLength(1, 'A função precisa exigir pelo menos um item do catálogo.'), z.maxLength(100, 'No máximo 100 itens por função.')),
  })
  .check(
    z.superRefine((values, ctx) => {
      const seen = new Set<string>();
      values.requirements.forEach((requirement, index) => {
        if (requirement.item && seen.has(requirement.item)) {
          ctx.addIssue({ code: 'custom', path: ['requirements', index, 'item'], message: 'Este item já está na lista: cada item entra uma vez só.', input: values });
        }
        seen.add(requirement.item);
      });
    }),
  );

export type FunctionValues = z.input<typeof functionSchema>;

const choiceKey = (itemType: string, itemId: string) => `${itemType}:${itemId}`;

/** The form's values for a function (empty for a new one: one requirement row, 30 days). */
export function functionValues(fn?: CompetenceFunction): FunctionValues {
  if (!fn) return { name: '', description: '', dueDays: '30', requirements: [{ item: '', validityMonths: '12' }] };
  return {
    name: fn.name,
    description: fn.description,
    dueDays: String(fn.dueDays),
    requirements: fn.requirements.map((r) => ({ item: choiceKey(r.itemType, r.itemId), validityMonths: r.validityMonths === null ? '' : String(r.validityMonths) })),
  };
}

/** The API's body from the checked values. */
export function functionBody(values: z.output<typeof functionSchema>): FunctionBody {
  return {
    name: values.name,
    description: values.description,
    dueDays: Number(values.dueDays),
    requirements: values.requirements.map((requirement) => {
      const [itemType, itemId] = requirement.item.split(':') as ['VIDEO' | 'CONTENT', string];
      return { itemType, itemId, validityMonths: requirement.validityMonths === '' ? null : Number(requirement.validityMonths) };
    }),
  };
}

const KIND_WORDS = { VIDEO: 'Vídeo', CONTENT: 'Conteúdo' } as const;

export interface FunctionFormProps {
  fn?: CompetenceFunction;
  choices: CatalogueChoice[];
  onSubmit: (body: FunctionBody) => Promise<unknown>;
  onCancel: () => void;
}

/** Name, description, due days and the required items (a row each: the item and how many months it counts). */
export function FunctionForm({ fn, choices, onSubmit, onCancel }: FunctionFormProps) {
  const form = useZodForm(functionSchema, { defaultValues: functionValues(fn) });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'requirements' });
  const options = choices.map((choice) => ({ value: choiceKey(choice.itemType, choice.itemId), label: `${KIND_WORDS[choice.itemType]}: ${choice.title}` }));
  // An item the function requires that left the published catalogue stays selectable under its old title.
  for (const requirement of fn?.requirements ?? []) {
    const value = choiceKey(requirement.itemType, requirement.itemId);
    if (!options.some((option) => option.value === value)) options.push({ value, label: `${KIND_WORDS[requirement.itemType]}: ${requirement.title}` });
  }
  return (
    <Form form={form} onSubmit={(values) => onSubmit(functionBody(values))} className="team-function-form">
      <TextField name="name" label="Nome da função" placeholder="Técnico de coleta" maxLength={120} autoComplete="off" />
      <TextareaField name="description" label="Descrição (opcional)" rows={2} maxLength={2000} />
      <TextField name="dueDays" label="Prazo para concluir cada requisito (dias)" inputMode="numeric" hint="Conta a partir do dia em que a pessoa recebe a função." />
      <fieldset className="team-fieldset">
        <legend>Itens exigidos</legend>
        <p className="account-muted">Um item com avaliação só conta quando a pessoa é aprovada nela. Validade em branco: a qualificação não vence.</p>
        <ol className="team-requirements">
          {fields.map((field, index) => (
            <li key={field.id} className="team-requirement">
              <SelectField name={`requirements.${index}.item`} label={`Item ${index + 1}`} options={options} placeholder="Escolha um vídeo ou conteúdo" />
              <TextField name={`requirements.${index}.validityMonths`} label={`Validade do item ${index + 1} (meses)`} inputMode="numeric" />
              <Button variant="secondary" onClick={() => remove(index)} disabled={fields.length === 1} aria-label={`Remover o item ${index + 1}`}>
                Remover
              </Button>
            </li>
          ))}
        </ol>
        <FieldErrorMessage name="requirements" />
        <FieldErrorMessage name="requirements.root" />
        <Button variant="secondary" onClick={() => append({ item: '', validityMonths: '12' })} disabled={fields.length >= 100}>
          Adicionar item
        </Button>
      </fieldset>
      <FormAlert />
      <div className="account-row">
        <SubmitButton>{fn ? 'Salvar a função' : 'Criar a função'}</SubmitButton>
        <Button variant="secondary" onClick={onCancel}>
          Cancelar
        </Button>
      </div>
    </Form>
  );
}

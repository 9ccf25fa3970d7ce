import { SwitchField, TextField, TextareaField } from '@clube/kit/forms/fields';
import { Form, FormAlert, SubmitButton, useZodForm } from '@clube/kit/forms/form';
import { Badge } from '@clube/kit/ui/badge';
import { formatMoney } from '@clube/kit/ui/money';
import { type TableColumn } from '@clube/kit/ui/table';
import { QueryTable } from '@clube/kit/ui/query-table';
import { Card, PageLayout, toast, type ApiResponse } from '@clube/platform';
import { planIntervalName } from '@clube/platform/subscription-words';
import { Link, useParams } from 'react-router-dom';
import * as z from 'zod/mini';
import { EditItemPage } from '../shared/editor-page';
import { useLeaveWarning } from '../shared/use-leave-warning';
import { useAllPlans, usePlan } from '../shared/api/get-plans';
import { useUpdatePlan, type PlanChanges } from './api/update-plan';

type Plan = ApiResponse<'/v1/plans/{id}'>;
type PlanRow = ApiResponse<'/v1/plans/all'>['data'][number];

const COLUMNS: TableColumn<PlanRow>[] = [
  { key: 'order', header: 'Ordem', align: 'end', cell: (p) => p.order },
  {
    key: 'name',
    header: 'Plano',
    wrap: true,
    cell: (p) => (
      <Link to={`/admin/planos/editar/${p._id}`} aria-label={`Editar ${p.name}`}>
        {p.name}
      </Link>
    ),
  },
  { key: 'interval', header: 'Cobrança', cell: (p) => planIntervalName(p.interval) },
  { key: 'price', header: 'Preço', align: 'end', cell: (p) => formatMoney(p.priceCents) },
  { key: 'credits', header: 'Créditos por ciclo', align: 'end', cell: (p) => p.creditsPerCycle },
  {
    key: 'state',
    header: 'Situação',
    cell: (p) => (
      <>
        {p.active ? <Badge tone="success">Ativo</Badge> : <Badge>Inativo</Badge>} {p.highlight && <Badge tone="info">Destaque</Badge>}
      </>
    ),
  },
];

/** `/admin/planos`: every plan, the inactive ones too, in display order. */
export function PlansAdminPage() {
  const plans = useAllPlans();
  return (
    <PageLayout title="Planos" description="Apresentação, créditos e disponibilidade dos planos. Preço e periodicidade vêm do gateway de pagamento.">
      <QueryTable
        caption="Planos"
        columns={COLUMNS}
        rows={plans.data?.data ?? []}
        rowKey={(p) => p._id}
        query={plans}
        emptyMessage="Nenhum plano cadastrado. Os planos vêm do gateway de pagamento: rode a carga inicial (seed) da API."
      />
    </PageLayout>
  );
}

const wholeNumber = (max: number, label: string) =>
  z.string().check(z.trim(), z.refine((value) => /^\d+$/.test(value) && Number(value) <= max, `${label}: use um número inteiro de 0 a ${max.toLocaleString('pt-BR')}.`));

const planSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(2, 'Informe um nome com pelo menos 2 letras.'), z.maxLength(60, 'Use até 60 caracteres.')),
  description: z.string().check(z.maxLength(500, 'Use até 500 caracteres.')),
  features: z.string().check(
    z.refine((value) => lines(value).length <= 20, 'Liste no máximo 20 benefícios.'),
    z.refine((value) => lines(value).every((line) => line.length <= 160), 'Cada benefício pode ter até 160 caracteres.'),
  ),
  creditsPerCycle: wholeNumber(10_000, 'Créditos'),
  order: wholeNumber(1000, 'Ordem'),
  highlight: z.boolean(),
  active: z.boolean(),
});
type PlanValues = z.infer<typeof planSchema>;

function lines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

const FIELDS = ['name', 'description', 'features', 'creditsPerCycle', 'order', 'highlight', 'active'] as const;

function PlanForm({ plan }: { plan: Plan }) {
  const update = useUpdatePlan();
  const form = useZodForm(planSchema, {
    defaultValues: {
      name: plan.name,
      description: plan.description,
      features: plan.features.join('\n'),
      creditsPerCycle: String(plan.creditsPerCycle),
      order: String(plan.order),
      highlight: plan.highlight,
      active: plan.active,
    },
  });

  const leave = useLeaveWarning(form.formState.isDirty && !form.formState.isSubmitSuccessful);

  async function onSubmit(values: PlanValues) {
    const changes: PlanChanges = {
      name: values.name,
      description: values.description,
      features: lines(values.features),
      creditsPerCycle: Number(values.creditsPerCycle),
      order: Number(values.order),
      highlight: values.highlight,
      active: values.active,
    };
    try {
      await update.mutateAsync({ id: plan._id, changes });
    } catch (error) {
      // The API's reason next to the field it names; otherwise FormAlert shows it (and every typed value stays).
      const message = error instanceof Error ? error.message : '';
      const field = FIELDS.find((name) => new RegExp(name, 'i').test(message));
      if (field) {
        form.setError(field, { message }, { shouldFocus: true });
        return;
      }
      throw error;
    }
    toast({ variant: 'success', title: 'Plano salvo', description: values.name });
    form.reset(values);
    leave.navigateAway('/admin/planos');
  }

  return (
    <>
      <Form form={form} onSubmit={onSubmit} className="admin-form">
        <FormAlert />
        <dl className="admin-details">
          <dt>Preço</dt>
          <dd>{formatMoney(plan.priceCents)}</dd>
          <dt>Cobrança</dt>
          <dd>{planIntervalName(plan.interval)}</dd>
        </dl>
        <p className="admin-note">Preço e periodicidade vêm do gateway de pagamento e não podem ser mudados aqui.</p>
        <TextField name="name" label="Nome" maxLength={60} />
        <TextareaField name="description" label="Descrição" maxLength={500} />
        <TextareaField name="features" label="Benefícios" hint="Um por linha, na ordem em que aparecem na página de planos." />
        <TextField name="creditsPerCycle" label="Créditos por ciclo" inputMode="numeric" />
        <TextField name="order" label="Ordem de exibição" inputMode="numeric" hint="Menor aparece primeiro." />
        <SwitchField name="highlight" label="Destaque na página de planos" />
        <SwitchField name="active" label="Ativo (disponível para assinar)" />
        <SubmitButton>Salvar plano</SubmitButton>
      </Form>
      {leave.dialog}
    </>
  );
}

/** `/admin/planos/editar/{id}`: the plan's presentation; a failed save keeps what was typed and shows the API's message. */
export function PlanEditPage() {
  const { id = '' } = useParams();
  return (
    <EditItemPage title="Editar plano" back={{ to: '/admin/planos', label: 'Todos os planos' }} item={usePlan(id)} loading={{ label: 'Carregando o plano…', lines: 6 }}>
      {(plan) => (
        <Card>
          <PlanForm key={plan._id} plan={plan} />
        </Card>
      )}
    </EditItemPage>
  );
}

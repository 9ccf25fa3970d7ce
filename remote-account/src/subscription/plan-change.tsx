import { messageOf } from '@clube/kit/forms/form';
import { Money } from '@clube/kit/ui/money';
import { Select } from '@clube/kit/ui/select';
import { Skeleton } from '@clube/kit/ui/skeleton';
import { Button, Card, formatDate, toast, type Subscription } from '@clube/platform';
import { useState } from 'react';
import { intervalWords } from '../shared/plans';
import { usePlanPreview } from './api/get-plan-preview';
import { usePlans } from './api/get-plans';
import { useChangePlan } from './api/subscription-mutations';

/** Choose a plan, see what it costs (prorated upgrade now, or the new price from the next renewal), then confirm. */
export function PlanChange({ subscription, initialTarget }: { subscription: Subscription; initialTarget?: string | null }) {
  const plans = usePlans();
  const others = (plans.data?.data ?? []).filter((plan) => plan.externalPlanId !== subscription.externalPlanId);
  const [choice, setChoice] = useState(initialTarget && initialTarget !== subscription.externalPlanId ? initialTarget : '');
  const target = others.find((plan) => plan.externalPlanId === choice);
  const preview = usePlanPreview(subscription._id, target?.externalPlanId);
  const change = useChangePlan(subscription._id);

  if (plans.isPending) return <Skeleton lines={2} label="Carregando os planos…" />;
  if (plans.isError) return <p role="alert">{messageOf(plans.error)}</p>;
  if (others.length === 0) return <p className="account-muted">Não há outro plano disponível no momento.</p>;

  return (
    <div>
      <Select
        label="Novo plano"
        placeholder="Escolha um plano"
        value={choice}
        onChange={(event) => {
          setChoice(event.target.value);
          change.reset();
        }}
        options={others.map((plan) => ({ value: plan.externalPlanId, label: `${plan.name} — ${intervalWords(plan.interval)}` }))}
      />
      {target && preview.isPending && <Skeleton lines={2} label="Calculando valores…" />}
      {target && preview.isError && <p role="alert">{messageOf(preview.error)}</p>}
      {target && preview.data && (
        <div className="plan-preview" aria-live="polite">
          {preview.data.kind === 'UPGRADE' ? (
            <p>
              Cobrado agora:{' '}
              <strong data-testid="preview-amount">
                <Money cents={preview.data.amountCents} />
              </strong>
            </p>
          ) : (
            <p>
              <strong>Nada é cobrado agora.</strong>
              {preview.data.effectiveAt && ` O novo preço vale a partir de ${formatDate(preview.data.effectiveAt)}.`}
            </p>
          )}
          <p className="account-muted">{preview.data.message}</p>
          <p className="account-muted">
            Créditos: {preview.data.creditsNow} agora, {preview.data.creditsAfter} depois da troca.
          </p>
          {change.isError && <p role="alert" className="clube-input__error">{messageOf(change.error)}</p>}
          <Button
            loading={change.isPending}
            onClick={() =>
              change.mutate(target.externalPlanId, {
                onSuccess: ({ change: done }) => toast({ variant: 'success', title: 'Troca de plano registrada.', description: done.message, duration: 6000 }),
              })
            }
          >
            Confirmar troca para {target.name}
          </Button>
        </div>
      )}
    </div>
  );
}

export function PlanChangeCard(props: { subscription: Subscription; initialTarget?: string | null }) {
  return (
    <Card title="Trocar de plano">
      <PlanChange {...props} />
    </Card>
  );
}

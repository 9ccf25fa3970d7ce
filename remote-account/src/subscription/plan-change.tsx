import { cnpjProblem } from '@clube/kit/brazilian/documents';
import { messageOf } from '@clube/kit/forms/form';
import { Money } from '@clube/kit/ui/money';
import { SeatsInput } from '@clube/kit/ui/seats-input';
import { Select } from '@clube/kit/ui/select';
import { Skeleton } from '@clube/kit/ui/skeleton';
import { Button, Card, formatDate, toast, useAuth, type Subscription } from '@clube/platform';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { seatsProblem } from '../shared/seats';
import { planIntervalEvery } from '@clube/platform/subscription-words';
import { usePlanPreview } from './api/get-plan-preview';
import { usePlans } from '../shared/api/get-plans';
import { useChangePlan } from '../shared/api/subscription-mutations';

/**
 * Choose a plan, see what it costs (prorated upgrade now, or the new price from the next renewal), then confirm.
 * A laboratory subscription (more than one seat), or a single seat whose profile has a laboratory
 * with a valid CNPJ, can also change its number of seats, with or without changing the plan (issue 25).
 */
export function PlanChange({ subscription, initialTarget }: { subscription: Subscription; initialTarget?: string | null }) {
  const currentSeats = subscription.seats ?? 1;
  const offersSeats = useOffersSeats(subscription);
  const plans = usePlans();
  const all = plans.data?.data ?? [];
  const others = all.filter((plan) => plan.externalPlanId !== subscription.externalPlanId);
  const choices = offersSeats ? all : others;
  const [choice, setChoice] = useState(
    initialTarget && initialTarget !== subscription.externalPlanId ? initialTarget : offersSeats ? subscription.externalPlanId : '',
  );
  const [seatsText, setSeatsText] = useState(String(currentSeats));
  const seatsError = offersSeats ? seatsProblem(seatsText) : undefined;
  const seats = offersSeats && !seatsError ? Number(seatsText) : currentSeats;
  const target = choices.find((plan) => plan.externalPlanId === choice);
  const changes = Boolean(target) && (target?.externalPlanId !== subscription.externalPlanId || seats !== currentSeats);
  const preview = usePlanPreview(subscription._id, changes ? target?.externalPlanId : undefined, offersSeats ? seats : undefined);
  const change = useChangePlan(subscription._id);

  if (plans.isPending) return <Skeleton lines={2} label="Carregando os planos…" />;
  if (plans.isError) return <p role="alert">{messageOf(plans.error)}</p>;
  if (choices.length === 0) return <p className="account-muted">Não há outro plano disponível no momento.</p>;

  const samePlan = target?.externalPlanId === subscription.externalPlanId;
  const confirmLabel = !target
    ? ''
    : samePlan
      ? `Confirmar ${seats} ${seats === 1 ? 'assento' : 'assentos'}`
      : offersSeats && seats !== currentSeats
        ? `Confirmar troca para ${target.name} com ${seats} assentos`
        : `Confirmar troca para ${target.name}`;

  return (
    <div className="account-stack">
      <Select
        label={offersSeats ? 'Plano' : 'Novo plano'}
        placeholder="Escolha um plano"
        value={choice}
        onChange={(event) => {
          setChoice(event.target.value);
          change.reset();
        }}
        options={choices.map((plan) => ({
          value: plan.externalPlanId,
          label: `${plan.name} — ${planIntervalEvery(plan.interval)}${plan.externalPlanId === subscription.externalPlanId ? ' (atual)' : ''}`,
        }))}
      />
      {offersSeats && (
        <SeatsInput
          label="Número de assentos"
          hint={`Hoje: ${currentSeats} ${currentSeats === 1 ? 'assento' : 'assentos'}. Mais assentos são cobrados agora, proporcionalmente; para reduzir, remova antes as pessoas da equipe.`}
          value={seatsText}
          error={seatsError}
          onChange={(event) => {
            setSeatsText(event.target.value);
            change.reset();
          }}
        />
      )}
      {changes && preview.isPending && <Skeleton lines={2} label="Calculando valores…" />}
      {changes && preview.isError && <p role="alert">{messageOf(preview.error)}</p>}
      {changes && target && preview.data && (
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
            {preview.data.creditsTakenBack > 0
              ? // Said before confirming: which credits leave, and only once it is paid (issue 25).
                `Créditos: ${preview.data.creditsNow} agora. Quando o pagamento for confirmado, saem ${preview.data.creditsTakenBack} (dos dias não usados, descontados do preço) e entram ${preview.data.creditsAfter - preview.data.creditsNow + preview.data.creditsTakenBack}: ${preview.data.creditsAfter} depois da troca.`
              : `Créditos: ${preview.data.creditsNow} agora, ${preview.data.creditsAfter} depois da troca.`}
          </p>
          {change.isError && <p role="alert" className="clube-input__error">{messageOf(change.error)}</p>}
          <Button
            loading={change.isPending}
            onClick={() =>
              change.mutate(
                { externalPlanId: target.externalPlanId, seats: offersSeats ? seats : undefined },
                { onSuccess: ({ change: done }) => toast({ variant: 'success', title: 'Troca de plano registrada.', description: done.message, duration: 6000 }) },
              )
            }
          >
            {confirmLabel}
          </Button>
        </div>
      )}
    </div>
  );
}

/** Seats can change on a laboratory subscription, or grow from one when the profile's laboratory has a valid CNPJ (as the API requires). */
function useOffersSeats(subscription: Subscription): boolean {
  const { profile } = useAuth();
  const cnpj = profile?.laboratory?.cnpj ?? '';
  return (subscription.seats ?? 1) > 1 || (cnpj !== '' && !cnpjProblem(cnpj));
}

export function PlanChangeCard(props: { subscription: Subscription; initialTarget?: string | null }) {
  const offersSeats = useOffersSeats(props.subscription);
  return (
    <Card title={offersSeats ? 'Trocar de plano ou de assentos' : 'Trocar de plano'}>
      <PlanChange {...props} />
      {!offersSeats && (
        <p className="account-muted">
          Para ter 2 ou mais assentos para a sua equipe, o laboratório precisa ter um CNPJ válido.{' '}
          <Link to="/usuario/laboratorio">Cadastrar o CNPJ em Meu laboratório</Link>
        </p>
      )}
    </Card>
  );
}

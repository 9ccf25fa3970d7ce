import { messageOf } from '@clube/kit/forms/form';
import { Money } from '@clube/kit/ui/money';
import { Skeleton } from '@clube/kit/ui/skeleton';
import { ApiError, Button, Card, EmptyState, ErrorState, PageLayout, useAuth } from '@clube/platform';
import { useCallback, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import '../shared/account.css';
import { creditsWords, intervalWords } from '../shared/plans';
import { usePlan, type Plan } from '../subscription/api/get-plans';
import { useSubscription } from '../subscription/api/get-subscription';
import { useCreateSubscription } from '../subscription/api/subscription-mutations';
import { PixPanel } from '../subscription/pix-panel';

function PlanSummary({ plan }: { plan: Plan }) {
  return (
    <Card title={`Plano ${plan.name}`}>
      <p className="checkout__price">
        <strong>
          <Money cents={plan.priceCents} />
        </strong>{' '}
        {intervalWords(plan.interval)}
      </p>
      <p className="account-muted">{creditsWords(plan.creditsPerCycle)} a cada ciclo para desbloquear conteúdos e vídeos.</p>
      {plan.features.length > 0 && (
        <ul>
          {plan.features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function Welcome({ plan }: { plan: Plan }) {
  return (
    <Card title="Boas-vindas ao Clube!">
      <p role="status">
        Pagamento confirmado. Sua assinatura {plan.name} está ativa e você recebeu <strong>{creditsWords(plan.creditsPerCycle)}</strong>.
      </p>
      <p>Por onde começar:</p>
      <div className="account-row">
        <Link className="clube-button clube-button--primary" to="/videos">
          Ver os vídeos
        </Link>
        <Link className="clube-button clube-button--secondary" to="/conteudos">
          Ver os conteúdos
        </Link>
        <Link to="/assinatura">Minha assinatura</Link>
      </div>
    </Card>
  );
}

/** `/checkout/assinar?planId=`: plan summary → "Gerar PIX" → the PIX panel until paid → welcome with the credits granted. */
export function CheckoutPage() {
  const [searchParams] = useSearchParams();
  const planId = searchParams.get('planId') ?? '';
  const { profile, refreshProfile } = useAuth();
  const plan = usePlan(planId);
  const existing = useSubscription(profile?.subscription);
  const create = useCreateSubscription();
  const [subscriptionId, setSubscriptionId] = useState<string | null>(null);
  const [paid, setPaid] = useState(false);
  const onPaid = useCallback(() => {
    setPaid(true);
    void refreshProfile();
  }, [refreshProfile]);

  const layout = (children: ReactNode) => (
    <PageLayout title="Assinar plano" description="Revise o plano e pague com PIX.">
      <div className="account-stack">{children}</div>
    </PageLayout>
  );

  if (!planId || plan.isError) {
    const notFound = !planId || (plan.error instanceof ApiError && (plan.error.statusCode === 404 || plan.error.statusCode === 400));
    if (!notFound && plan.isError) return layout(<ErrorState message={messageOf(plan.error)} onRetry={() => void plan.refetch()} />);
    return layout(
      <EmptyState title="Plano não encontrado">
        <p>Esse plano não existe. Escolha um dos planos disponíveis.</p>
        <Link className="clube-button clube-button--primary" to="/planos">
          Ver os planos
        </Link>
      </EmptyState>,
    );
  }
  if (plan.isPending || (profile?.subscription && existing.isPending && !subscriptionId)) return layout(<Skeleton lines={5} label="Carregando o plano…" />);
  if (!plan.data.active) {
    return layout(
      <EmptyState title="Plano indisponível">
        <p>O plano {plan.data.name} não está mais disponível para novas assinaturas.</p>
        <Link className="clube-button clube-button--primary" to="/planos">
          Ver os planos
        </Link>
      </EmptyState>,
    );
  }
  if (paid) return layout(<Welcome plan={plan.data} />);

  // A checkout already started for this plan (the page was reloaded): go on paying it.
  const current = existing.data && existing.data.status !== 'CANCELED' ? existing.data : null;
  const payingId = subscriptionId ?? (current?.status === 'PENDING' && current.planId === plan.data._id ? current._id : null);
  if (payingId) {
    return layout(
      <>
        <PlanSummary plan={plan.data} />
        <Card>
          <PixPanel subscriptionId={payingId} onPaid={onPaid} />
        </Card>
      </>,
    );
  }
  if (current) {
    const same = current.planId === plan.data._id;
    return layout(
      <>
        <PlanSummary plan={plan.data} />
        <Card title="Você já tem uma assinatura">
          <p>
            {same
              ? `Você já assina o plano ${plan.data.name}.`
              : `Sua assinatura atual é do plano ${current.plan?.name ?? ''}. Você pode trocar para o ${plan.data.name} e ver antes quanto será cobrado.`}
          </p>
          <Link className="clube-button clube-button--primary" to={same ? '/assinatura' : `/assinatura?trocar=${encodeURIComponent(plan.data.externalPlanId)}`}>
            {same ? 'Ver minha assinatura' : `Trocar para o plano ${plan.data.name}`}
          </Link>
        </Card>
      </>,
    );
  }

  return layout(
    <>
      <PlanSummary plan={plan.data} />
      <Card title="Pagamento">
        <p>Forma de pagamento: <strong>PIX</strong>. O acesso é liberado assim que o pagamento é confirmado, em poucos segundos.</p>
        {create.isError && (
          <p className="clube-input__error" role="alert">
            {messageOf(create.error)}
          </p>
        )}
        <Button
          loading={create.isPending}
          onClick={() => create.mutate({ planId: plan.data._id, paymentMethod: 'PIX' }, { onSuccess: (subscription) => setSubscriptionId(subscription._id) })}
        >
          Gerar PIX
        </Button>
      </Card>
    </>,
  );
}

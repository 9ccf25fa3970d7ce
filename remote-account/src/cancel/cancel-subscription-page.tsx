import { TextareaField, RadioGroupField } from '@clube/kit/forms/fields';
import { Form, FormAlert, messageOf, SubmitButton, useZodForm } from '@clube/kit/forms/form';
import { Money } from '@clube/kit/ui/money';
import { Skeleton } from '@clube/kit/ui/skeleton';
import { Button, Card, EmptyState, ErrorState, formatDate, PageLayout, toast, useAuth, type Subscription } from '@clube/platform';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import * as z from 'zod/mini';
import '../shared/account.css';
import { subscriptionStatusLabel } from '@clube/platform/subscription-words';
import { creditsWords } from '../shared/credits';
import { perMonthCents, retentionOffer } from './retention-offer';
import { usePlans, type Plan } from '../shared/api/get-plans';
import { useSubscription } from '../shared/api/get-subscription';
import { useChangePlan, useReactivate, useRequestCancel, useWithdraw, useWithdrawal } from '../shared/api/subscription-mutations';

const REASONS = [
  { value: 'PRICE', label: 'Está caro para mim' },
  { value: 'NOT_USING', label: 'Não estou usando' },
  { value: 'MISSING_CONTENT', label: 'Não encontrei o conteúdo que preciso' },
  { value: 'TECHNICAL', label: 'Tive problemas técnicos' },
  { value: 'OTHER', label: 'Outro motivo' },
] as const;

const reasonSchema = z.object({
  reason: z.string().check(z.minLength(1, 'Escolha um motivo.')),
  comment: z.pipe(
    z.string(),
    z.transform((value) => value.trim()),
  ).check(z.maxLength(1000, 'Use no máximo 1000 caracteres.')),
});

type Step = { name: 'reason' } | { name: 'offer'; reason: string; comment: string; cheaper: Plan } | { name: 'confirm'; reason: string; comment: string } | { name: 'done' } | { name: 'withdrawn'; amountCents: number };

function ReasonStep({ onNext }: { onNext: (reason: string, comment: string) => void }) {
  const form = useZodForm(reasonSchema, { defaultValues: { reason: '', comment: '' } });
  return (
    <Card title="Por que você quer cancelar?">
      <Form form={form} onSubmit={({ reason, comment }) => onNext(reason, comment)}>
        <FormAlert />
        <RadioGroupField label="Motivo" name="reason" options={REASONS.map((reason) => ({ value: reason.label, label: reason.label }))} />
        <TextareaField label="Comentário (opcional)" name="comment" rows={3} maxLength={1000} />
        <SubmitButton>Continuar</SubmitButton>
      </Form>
    </Card>
  );
}

function OfferStep({ subscription, cheaper, onDecline }: { subscription: Subscription; cheaper: Plan; onDecline: () => void }) {
  const change = useChangePlan(subscription._id);
  const [accepted, setAccepted] = useState<string | null>(null);
  const seats = subscription.seats;
  const offerMonthly = Math.round(perMonthCents(cheaper, seats));
  const currentMonthly = subscription.plan ? Math.round(perMonthCents(subscription.plan, seats)) : 0;
  if (accepted) {
    return (
      <Card title="Troca de plano registrada">
        <p role="status">{accepted}</p>
        <Link to="/assinatura">Ver minha assinatura</Link>
      </Card>
    );
  }
  return (
    <Card title="Antes de ir: que tal um plano mais em conta?">
      <p>
        Você pode continuar no Clube com o plano <strong>{cheaper.name}</strong> por <Money cents={offerMonthly} /> por mês
        {seats > 1 && (
          <>
            {' '}({seats} assentos × <Money cents={cheaper.priceCents} />)
          </>
        )}
        , com {creditsWords(cheaper.creditsPerCycle * seats)} por ciclo: <Money cents={offerMonthly} /> por mês contra <Money cents={currentMonthly} /> por mês
        hoje. A troca vale a partir do próximo ciclo{subscription.endDate ? ` (${formatDate(subscription.endDate)})` : ''}; nada é cobrado agora.
      </p>
      {change.isError && (
        <p className="clube-input__error" role="alert">
          {messageOf(change.error)}
        </p>
      )}
      <div className="account-row">
        <Button loading={change.isPending} onClick={() => change.mutate({ externalPlanId: cheaper.externalPlanId }, { onSuccess: ({ change: done }) => setAccepted(done.message) })}>
          Trocar para o {cheaper.name}
        </Button>
        <Button variant="secondary" onClick={onDecline}>
          Não, quero cancelar
        </Button>
      </div>
    </Card>
  );
}

/**
 * The right of withdrawal (art. 49 of the Código de Defesa do Consumidor): a first purchase may be
 * undone within 7 days of the payment, with everything paid returned the way it came.
 */
function Withdrawal({ subscription, reason, comment, onWithdrawn }: { subscription: Subscription; reason: string; comment: string; onWithdrawn: (amountCents: number) => void }) {
  const withdrawal = useWithdrawal(subscription._id);
  const withdraw = useWithdraw(subscription._id);
  const open = withdrawal.data?.available && withdrawal.data.until ? { until: withdrawal.data.until, amountCents: withdrawal.data.amountCents } : null;
  return (
    <section aria-labelledby="withdrawal-title" className="account-stack">
      <h3 id="withdrawal-title" style={{ margin: 0 }}>
        Direito de arrependimento (7 dias)
      </h3>
      <p style={{ margin: 0 }}>
        Na primeira assinatura, você pode desistir em até 7 dias do pagamento e receber todo o valor de volta, pelo mesmo meio do pagamento (art. 49 do Código de Defesa do
        Consumidor).
      </p>
      {open ? (
        <>
          <p style={{ margin: 0 }}>
            Vale para esta assinatura até {formatDate(open.until)}: desistindo agora, o acesso termina hoje e <Money cents={open.amountCents} /> são
            devolvidos.
          </p>
          {withdraw.isError && (
            <p className="clube-input__error" role="alert">
              {messageOf(withdraw.error)}
            </p>
          )}
          <div className="account-row">
            <Button variant="danger" loading={withdraw.isPending} onClick={() => withdraw.mutate(comment ? { reason, comment } : { reason }, { onSuccess: () => onWithdrawn(open.amountCents) })}>
              Desistir e receber o valor de volta
            </Button>
          </div>
        </>
      ) : (
        withdrawal.isSuccess && <p className="account-muted" style={{ margin: 0 }}>Esta assinatura não está mais nesse prazo (ou não é a primeira compra): o cancelamento vale no fim do período pago.</p>
      )}
    </section>
  );
}

function ConfirmStep({
  subscription,
  reason,
  comment,
  onDone,
  onWithdrawn,
}: {
  subscription: Subscription;
  reason: string;
  comment: string;
  onDone: () => void;
  onWithdrawn: (amountCents: number) => void;
}) {
  const { profile } = useAuth();
  const cancel = useRequestCancel(subscription._id);
  const manager = profile?.team?.role === 'MANAGER';
  return (
    <Card title="O que acontece ao cancelar">
      <ul>
        <li>{subscription.endDate ? `Seu acesso continua até ${formatDate(subscription.endDate)}, o fim do período já pago.` : 'Seu acesso termina no fim do período já pago.'}</li>
        {manager && (
          <li>
            <strong>
              {subscription.endDate
                ? `Os técnicos da sua equipe também perdem o acesso em ${formatDate(subscription.endDate)}.`
                : 'Os técnicos da sua equipe também perdem o acesso no fim do período pago.'}
            </strong>
          </li>
        )}
        <li>Não haverá nova cobrança e nenhuma fatura de renovação será emitida.</li>
        {profile && <li>Você tem {creditsWords(profile.credits.balance)} para usar até lá; os conteúdos que já desbloqueou continuam seus.</li>}
        <li>Você pode desfazer o cancelamento até essa data, com um clique.</li>
      </ul>
      {cancel.isError && (
        <p className="clube-input__error" role="alert">
          {messageOf(cancel.error)}
        </p>
      )}
      <div className="account-row">
        <Button variant="danger" loading={cancel.isPending} onClick={() => cancel.mutate(comment ? { reason, comment } : { reason }, { onSuccess: onDone })}>
          Confirmar cancelamento
        </Button>
        <Link to="/assinatura">Voltar e manter a assinatura</Link>
      </div>
      <Withdrawal subscription={subscription} reason={reason} comment={comment} onWithdrawn={onWithdrawn} />
    </Card>
  );
}

function DoneStep({ subscription }: { subscription: Subscription }) {
  const reactivate = useReactivate(subscription._id);
  const [restored, setRestored] = useState(false);
  if (restored) {
    return (
      <Card title="Sua assinatura continua">
        <p role="status">Pronto! O cancelamento foi desfeito e sua assinatura segue ativa.</p>
        <Link to="/assinatura">Ver minha assinatura</Link>
      </Card>
    );
  }
  return (
    <Card title="Cancelamento solicitado">
      <p role="status">{subscription.endDate ? `Cancelamento solicitado — acesso até ${formatDate(subscription.endDate)}.` : 'Cancelamento solicitado.'}</p>
      <p className="account-muted">Mudou de ideia? Você pode continuar com a assinatura com um clique.</p>
      {reactivate.isError && (
        <p className="clube-input__error" role="alert">
          {messageOf(reactivate.error)}
        </p>
      )}
      <div className="account-row">
        <Button
          loading={reactivate.isPending}
          onClick={() =>
            reactivate.mutate(undefined, {
              onSuccess: () => {
                setRestored(true);
                toast({ variant: 'success', title: 'Assinatura reativada.', duration: 5000 });
              },
            })
          }
        >
          Continuar assinatura
        </Button>
        <Link to="/assinatura">Ver minha assinatura</Link>
      </div>
    </Card>
  );
}

/** `/planos/cancelar?subscription=`: reason → an offer of a cheaper plan from the next cycle → what ends and when → confirm → "Continuar assinatura". */
export function CancelSubscriptionPage() {
  const [searchParams] = useSearchParams();
  const { profile } = useAuth();
  const id = searchParams.get('subscription') ?? profile?.subscription ?? '';
  const subscription = useSubscription(id);
  const plans = usePlans();
  const [step, setStep] = useState<Step>({ name: 'reason' });

  let body;
  if (!id) {
    body = (
      <EmptyState title="Nenhuma assinatura para cancelar">
        <p>
          Você não tem uma assinatura ativa. Veja os <Link to="/planos">planos</Link>.
        </p>
      </EmptyState>
    );
  } else if (subscription.isPending) body = <Skeleton lines={4} label="Carregando sua assinatura…" />;
  else if (subscription.isError) body = <ErrorState message={messageOf(subscription.error)} onRetry={() => void subscription.refetch()} />;
  else {
    const data = subscription.data;
    if (step.name === 'withdrawn') {
      body = (
        <Card title="Desistência registrada">
          <p role="status">
            Pronto: a assinatura foi encerrada e <Money cents={step.amountCents} /> voltam para você pelo mesmo meio do pagamento (PIX: devolução para a conta que pagou).
          </p>
          <Link to="/assinatura">Ver minha assinatura</Link>
        </Card>
      );
    } else if (step.name === 'done' || (step.name === 'reason' && data.cancelRequest)) body = <DoneStep subscription={data} />;
    else if (data.status !== 'ACTIVE') {
      body = (
        <EmptyState title="Esta assinatura não pode ser cancelada aqui">
          <p>
            Ela está {subscriptionStatusLabel(data.status).toLowerCase()}. Veja os detalhes em{' '}
            <Link to="/assinatura">Minha assinatura</Link>.
          </p>
        </EmptyState>
      );
    } else if (step.name === 'reason') {
      body = (
        <ReasonStep
          onNext={(reason, comment) => {
            const cheaper = data.plan ? retentionOffer({ plan: data.plan, seats: data.seats }, plans.data?.data ?? []) : null;
            setStep(cheaper ? { name: 'offer', reason, comment, cheaper } : { name: 'confirm', reason, comment });
          }}
        />
      );
    } else if (step.name === 'offer') {
      body = <OfferStep subscription={data} cheaper={step.cheaper} onDecline={() => setStep({ name: 'confirm', reason: step.reason, comment: step.comment })} />;
    } else if (step.name === 'confirm') {
      body = (
        <ConfirmStep
          subscription={data}
          reason={step.reason}
          comment={step.comment}
          onDone={() => setStep({ name: 'done' })}
          onWithdrawn={(amountCents) => setStep({ name: 'withdrawn', amountCents })}
        />
      );
    }
  }

  return (
    <PageLayout title="Cancelar assinatura" description="Conte-nos o motivo antes de confirmar o cancelamento.">
      <div className="account-stack">{body}</div>
    </PageLayout>
  );
}

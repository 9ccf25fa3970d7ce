import { messageOf } from '@clube/kit/forms/form';
import { Badge, StatusBadge } from '@clube/kit/ui/badge';
import { Money } from '@clube/kit/ui/money';
import { Pagination } from '@clube/kit/ui/pagination';
import { Select } from '@clube/kit/ui/select';
import { Skeleton } from '@clube/kit/ui/skeleton';
import { QueryTable } from '@clube/kit/ui/query-table';
import { Button, Card, EmptyState, ErrorState, formatDate, PageLayout, toast, useAuth, type Subscription } from '@clube/platform';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import '../shared/account.css';
import { planIntervalEvery } from '@clube/platform/subscription-words';
import { creditsWords } from '../shared/credits';
import { useInvoices } from './api/get-invoices';
import { useReceiptDownload } from './api/download-receipt';
import { usePlans } from '../shared/api/get-plans';
import { useSubscription } from '../shared/api/get-subscription';
import { useChangePaymentMethod, useDeactivatePixAutomatic, useReactivate } from '../shared/api/subscription-mutations';
import { PlanChangeCard } from './plan-change';
import { PixPanel } from '../shared/pix-panel';
import { statusTone, statusWords } from './subscription-status';

const INVOICE_LABELS = { PENDING: 'Pendente', PAID: 'Paga', OVERDUE: 'Vencida', CANCELED: 'Cancelada', REFUNDED: 'Devolvida' } as const;
const KIND_LABELS = { FIRST: 'Primeira cobrança', RENEWAL: 'Renovação', UPGRADE: 'Troca de plano', GRANT: 'Período concedido' } as const;

function PlansOffer() {
  const plans = usePlans();
  if (plans.isPending) return <Skeleton lines={3} label="Carregando os planos…" />;
  if (plans.isError) return <ErrorState message={messageOf(plans.error)} onRetry={() => void plans.refetch()} />;
  return (
    <>
      <EmptyState title="Você ainda não tem uma assinatura">
        <p>Escolha um plano para assistir aos vídeos e receber créditos todo ciclo.</p>
      </EmptyState>
      <ul className="account-list" aria-label="Planos">
        {plans.data.data.map((plan) => (
          <li key={plan._id} className="account-list__item">
            <h2 className="account-list__title">
              {plan.name} {plan.highlight && <Badge tone="info">Mais escolhido</Badge>}
            </h2>
            <p>
              <strong>
                <Money cents={plan.priceCents} />
              </strong>{' '}
              {planIntervalEvery(plan.interval)} · {creditsWords(plan.creditsPerCycle)} por ciclo
            </p>
            <Link className="clube-button clube-button--primary" to={`/checkout/assinar?planId=${plan._id}`} aria-label={`Assinar o plano ${plan.name}`}>
              Assinar
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

function Invoices({ subscriptionId }: { subscriptionId: string }) {
  const invoices = useInvoices(subscriptionId);
  const receipt = useReceiptDownload(subscriptionId);
  const downloadReceipt = (invoice: { _id: string; dueDate: string }) =>
    receipt.mutate(invoice, {
      onSuccess: () => toast({ variant: 'success', title: 'Recibo baixado', description: 'O recibo em PDF foi salvo.', duration: 4000 }),
      onError: (error) => toast({ variant: 'danger', title: 'Não foi possível baixar o recibo', description: messageOf(error) }),
    });
  return (
    <Card title="Faturas">
      <QueryTable
        caption="Faturas da assinatura"
        rows={invoices.rows}
        rowKey={(invoice) => invoice._id}
        query={invoices}
        emptyMessage="Nenhuma fatura ainda."
        columns={[
          { key: 'dueDate', header: 'Vencimento', cell: (invoice) => formatDate(invoice.dueDate) },
          { key: 'kind', header: 'Tipo', cell: (invoice) => KIND_LABELS[invoice.kind] },
          { key: 'amount', header: 'Valor', align: 'end', cell: (invoice) => <Money cents={invoice.amountCents} /> },
          { key: 'status', header: 'Situação', cell: (invoice) => <StatusBadge status={invoice.status} label={INVOICE_LABELS[invoice.status]} /> },
          { key: 'paidAt', header: 'Pago em', cell: (invoice) => (invoice.paidAt ? formatDate(invoice.paidAt) : '—') },
          {
            key: 'receipt',
            header: 'Recibo',
            cell: (invoice) =>
              invoice.hasReceipt ? (
                <Button variant="secondary" loading={receipt.isPending && receipt.variables?._id === invoice._id} onClick={() => downloadReceipt(invoice)} aria-label={`Baixar o recibo da fatura de ${formatDate(invoice.dueDate)} em PDF`}>
                  {/* The column already says "Recibo": a short label keeps the table inside the 760 px card (at 1280 px the button was cut at its edge). */}
                  PDF
                </Button>
              ) : (
                '—'
              ),
          },
        ]}
      />
      <Pagination page={invoices.params.page} limit={invoices.params.limit} total={invoices.total} onPageChange={invoices.setPage} busy={invoices.isPlaceholderData} />
    </Card>
  );
}

/** Only what a gateway can take: there is no card gateway, so the API refuses CREDIT_CARD (issue 25). */
const PAYABLE_METHODS: { value: Subscription['paymentMethod']; label: string }[] = [{ value: 'PIX', label: 'PIX' }];

function PaymentMethod({ subscription }: { subscription: Subscription }) {
  const change = useChangePaymentMethod(subscription._id);
  return (
    <Select
      label="Forma de pagamento"
      value={subscription.paymentMethod}
      disabled={change.isPending}
      error={change.isError ? messageOf(change.error) : undefined}
      onChange={(event) =>
        change.mutate(event.target.value as Subscription['paymentMethod'], {
          onSuccess: () => toast({ variant: 'success', title: 'Forma de pagamento atualizada.', duration: 4000 }),
        })
      }
      options={PAYABLE_METHODS}
    />
  );
}

function Overview({ subscription }: { subscription: Subscription }) {
  const { profile } = useAuth();
  const reactivate = useReactivate(subscription._id);
  const renews = subscription.status === 'ACTIVE' && !subscription.cancelRequest;
  const canReactivate = Boolean(subscription.cancelRequest) || subscription.status === 'CANCELED';
  // What the next cycle charges and grants for every seat: a downgrade waiting for it already counts (issue 25).
  const downgrade = subscription.pendingPlanChange?.kind === 'DOWNGRADE' ? subscription.pendingPlanChange : null;
  const nextCycle = {
    amountCents: downgrade?.cycleAmountCents ?? subscription.cycleAmountCents ?? 0,
    credits: downgrade?.cycleCredits ?? subscription.cycleCredits ?? 0,
  };

  return (
    <Card title={subscription.plan ? `Plano ${subscription.plan.name}` : 'Sua assinatura'}>
      <div className="account-row account-status" style={{ marginBottom: 'var(--clube-space-3)' }}>
        <Badge tone={statusTone(subscription)}>{statusWords(subscription)}</Badge>
      </div>
      <dl className="account-dl">
        {subscription.plan && (
          <>
            <dt>Preço</dt>
            <dd>
              <Money cents={subscription.cycleAmountCents ?? subscription.plan.priceCents} /> {planIntervalEvery(subscription.plan.interval)}
              {subscription.seats > 1 && (
                <>
                  {' '}({subscription.seats} assentos × <Money cents={subscription.plan.priceCents} />)
                </>
              )}
            </dd>
          </>
        )}
        {subscription.currentPeriodStart && subscription.endDate && (
          <>
            <dt>Período atual</dt>
            <dd>
              {formatDate(subscription.currentPeriodStart)} a {formatDate(subscription.endDate)}
            </dd>
          </>
        )}
        {renews && subscription.endDate && (
          <>
            <dt>Próxima cobrança</dt>
            <dd>
              {formatDate(subscription.endDate)}
              {subscription.plan && (
                <>
                  {' '}
                  — <Money cents={nextCycle.amountCents} />
                </>
              )}
            </dd>
          </>
        )}
        {profile && (
          <>
            <dt>Créditos</dt>
            <dd>
              Saldo: {creditsWords(profile.credits.balance)} · usados: {profile.credits.used}
              {renews && subscription.plan && subscription.endDate && ` · próximos ${nextCycle.credits} em ${formatDate(subscription.endDate)}`}
            </dd>
          </>
        )}
        {subscription.pendingPlanChange && (
          <>
            <dt>Troca de plano</dt>
            <dd>
              Para o {subscription.pendingPlanChange.plan.name}
              {subscription.pendingPlanChange.kind === 'UPGRADE' ? ' assim que a fatura for paga' : subscription.pendingPlanChange.effectiveAt ? ` a partir de ${formatDate(subscription.pendingPlanChange.effectiveAt)}` : ''}
            </dd>
          </>
        )}
      </dl>
      {subscription.status !== 'CANCELED' && <PaymentMethod subscription={subscription} />}
      <div className="account-row">
        {canReactivate && (
          <Button
            loading={reactivate.isPending}
            onClick={() =>
              reactivate.mutate(undefined, { onSuccess: () => toast({ variant: 'success', title: 'Assinatura reativada.', duration: 5000 }) })
            }
          >
            {subscription.cancelRequest ? 'Continuar assinatura' : 'Reativar assinatura'}
          </Button>
        )}
        {renews && <Link to={`/planos/cancelar?subscription=${subscription._id}`}>Cancelar assinatura</Link>}
      </div>
      {reactivate.isError && (
        <p className="clube-input__error" role="alert">
          {messageOf(reactivate.error)}
        </p>
      )}
    </Card>
  );
}

/** `YYYY-MM-DD` (a bank's date, no time zone) as DD/MM/AAAA. */
const bankDate = (day: string) => day.split('-').reverse().join('/');
const DAY_MS = 24 * 60 * 60 * 1000;

/** Pix Automático on /assinatura: its state, the next debit, a failed debit in plain words, "Desativar". */
function PixAutomaticCard({ subscription }: { subscription: Subscription }) {
  const invoices = useInvoices(subscription._id);
  const deactivate = useDeactivatePixAutomatic(subscription._id);
  const recurrence = subscription.pixAutomatic;
  if (!recurrence || subscription.status === 'CANCELED') return null;
  const live = recurrence.status === 'APROVADA' || recurrence.status === 'CRIADA';
  const scheduled = invoices.rows.find((invoice) => (invoice.status === 'PENDING' || invoice.status === 'OVERDUE') && invoice.recurringCharge)?.recurringCharge;
  // The next debit: the one scheduled at the bank, else the day before the paid period ends.
  const nextDebit = scheduled?.status === 'ATIVA' ? (scheduled.retryOn ?? scheduled.debitDate) : subscription.endDate ? new Date(Date.parse(subscription.endDate) - DAY_MS).toISOString().slice(0, 10) : null;
  const renews = subscription.status !== 'PENDING' && !subscription.cancelRequest;
  const paused = subscription.status === 'PAUSED';
  const retryOn = scheduled?.status === 'ATIVA' ? (scheduled.retryOn ?? null) : null;
  return (
    <Card title="Pix Automático">
      {recurrence.status === 'APROVADA' && !paused && (
        <p role="status">
          <strong>
            Pix Automático ativo{renews && nextDebit ? ` — próximo débito em ${bankDate(nextDebit)} de ` : ''}
            {renews && nextDebit && <Money cents={recurrence.amountCents} />}
          </strong>
        </p>
      )}
      {recurrence.status === 'APROVADA' && paused && (
        // Access is paused, so "ativo" would contradict the status above: the authorization still stands at the bank.
        <p role="status">
          <strong>
            Pix Automático autorizado no seu banco
            {retryOn ? ` — nova tentativa de débito em ${bankDate(retryOn)} de ` : '. Os débitos voltam depois que a fatura em aberto for paga.'}
            {retryOn && <Money cents={recurrence.amountCents} />}
          </strong>
        </p>
      )}
      {recurrence.status === 'CRIADA' && <p role="status">Aguardando a autorização no seu banco. Seu banco vai pedir para autorizar os próximos pagamentos quando você pagar o QR code.</p>}
      {!live && <p role="status">{recurrence.endedReason ?? 'O Pix Automático não está ativo. Os próximos ciclos serão cobrados por PIX comum.'}</p>}
      {scheduled?.failure && (
        <p className="clube-input__error" role="alert">
          {scheduled.failure}
        </p>
      )}
      {live && (
        <Button
          variant="secondary"
          loading={deactivate.isPending}
          onClick={() =>
            deactivate.mutate(undefined, { onSuccess: () => toast({ variant: 'success', title: 'Pix Automático desativado.', description: 'Os próximos ciclos serão cobrados por PIX comum.', duration: 5000 }) })
          }
        >
          Desativar
        </Button>
      )}
      {deactivate.isError && (
        <p className="clube-input__error" role="alert">
          {messageOf(deactivate.error)}
        </p>
      )}
    </Card>
  );
}

function OpenInvoice({ subscription }: { subscription: Subscription }) {
  const invoices = useInvoices(subscription._id);
  const queryClient = useQueryClient();
  const { refreshProfile } = useAuth();
  const [confirmed, setConfirmed] = useState(false);
  const onPaid = useCallback(() => {
    setConfirmed(true);
    toast({ variant: 'success', title: 'Pagamento confirmado.', duration: 5000 });
    void queryClient.invalidateQueries({ queryKey: ['subscriptions', subscription._id], predicate: (query) => !query.queryKey.includes('payment-status') && !query.queryKey.includes('pix') });
    void refreshProfile();
  }, [queryClient, refreshProfile, subscription._id]);
  const [payByPix, setPayByPix] = useState(false);
  const openInvoice = invoices.rows.find((invoice) => invoice.status === 'PENDING' || invoice.status === 'OVERDUE');
  const open = Boolean(openInvoice);
  if (!confirmed && (!open || subscription.status === 'CANCELED')) return null;
  // The overdue rules (a renewal unpaid when the period ended): access paused until it is paid, by the deadline.
  const overdue =
    !confirmed && openInvoice?.status === 'OVERDUE' && subscription.status === 'PAUSED' && subscription.adminDecision?.status !== 'PAUSED' && subscription.endDate ? (
      <p role="status">
        <strong>Seu acesso está pausado:</strong> a fatura de {formatDate(openInvoice.dueDate)} venceu sem pagamento. Pague até {formatDate(subscription.endDate)} para
        voltar a ter acesso; depois disso, a assinatura é cancelada.
      </p>
    ) : null;
  // Debited by Pix Automático: no code to pay; after a failed debit, paying by PIX replaces the retries (on request).
  const debit = openInvoice?.recurringCharge;
  if (!confirmed && !payByPix && debit && (debit.status === 'ATIVA' || debit.status === 'CRIADA')) {
    if (!debit.failure) return overdue && <Card>{overdue}</Card>;
    return (
      <Card>
        {overdue}
        <p>Prefere não esperar a nova tentativa? Pague esta fatura agora por PIX (as novas tentativas de débito são canceladas).</p>
        <Button variant="secondary" onClick={() => setPayByPix(true)}>
          Pagar agora por PIX
        </Button>
      </Card>
    );
  }
  return (
    <Card>
      {overdue}
      <PixPanel subscriptionId={subscription._id} onPaid={onPaid} />
    </Card>
  );
}

/** `/assinatura`: the plans when there is no subscription; else plan, status, period, credits, the open PIX, invoices, plan change, reactivate, cancel. */
export function SubscriptionPage() {
  const { profile } = useAuth();
  const [searchParams] = useSearchParams();
  const subscription = useSubscription(profile?.subscription);

  let body;
  if (!profile?.subscription) body = <PlansOffer />;
  else if (subscription.isPending) body = <Skeleton lines={6} label="Carregando sua assinatura…" />;
  else if (subscription.isError) body = <ErrorState message={messageOf(subscription.error)} onRetry={() => void subscription.refetch()} />;
  else {
    const data = subscription.data;
    const canChange = data.status === 'ACTIVE' && !data.cancelRequest;
    body = (
      <>
        <Overview subscription={data} />
        <PixAutomaticCard subscription={data} />
        <OpenInvoice subscription={data} />
        {canChange && <PlanChangeCard subscription={data} initialTarget={searchParams.get('trocar')} />}
        {data.status === 'CANCELED' && (
          <p>
            Ou escolha outro plano em <Link to="/planos">Planos</Link>.
          </p>
        )}
        <Invoices subscriptionId={data._id} />
      </>
    );
  }

  return (
    <PageLayout title="Minha assinatura" description="Seu plano, faturas e pagamento por PIX.">
      <div className="account-stack">{body}</div>
    </PageLayout>
  );
}

import { EmptyState, PageLayout } from '@clube/platform';
import { Badge } from '@clube/kit/ui/badge';
import { formatMoney } from '@clube/kit/ui/money';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { CardsSkeleton, QueryError } from '../shared/query-state';
import { credits } from '../shared/format';
import { useCurrentSubscription } from './api/get-current-subscription';
import { usePlans } from './api/get-plans';
import { planIntervalEvery } from '@clube/platform/subscription-words';
import { MAX_SEATS, SeatsInput } from '@clube/kit/ui/seats-input';
import { MIN_TEAM_SEATS, monthlyEquivalentCents, savingAgainstMonthly, seatsOf, type Plan } from './plan-math';
import '../shared/catalog.css';

const FAQ: Array<[question: string, answer: string]> = [
  ['Como pago com PIX?', 'Ao assinar, geramos um QR Code e o código "copia e cola". O acesso é liberado assim que o pagamento é confirmado, normalmente em poucos segundos. A cada novo ciclo enviamos um novo PIX.'],
  ['Como funciona o preço para equipes?', `O preço de cada plano é por pessoa: cada pessoa do laboratório ocupa um assento, e o total é o preço × o número de assentos. Equipes começam em ${MIN_TEAM_SEATS} assentos (você incluído); quem compra convida as outras pessoas por e-mail e acompanha o treinamento delas.`],
  ['Posso cancelar quando quiser?', 'Sim. Você cancela em "Assinatura", sem multa, e continua com acesso até o fim do período já pago. Na primeira assinatura, você pode desistir em até 7 dias do pagamento e receber o valor de volta (direito de arrependimento).'],
  ['O que são créditos?', 'Cada ciclo pago soma os créditos do plano ao seu saldo. Com eles você desbloqueia conteúdos e vídeos especiais, que continuam seus mesmo se a assinatura acabar.'],
  ['Posso trocar de plano?', 'Sim. Em "Assinatura" você troca de plano e vê antes quanto vai pagar.'],
];

/** `/planos`: the active plans, prices, the saving of longer ones, the member's current plan, FAQ. */
export function PlansPage() {
  const plans = usePlans();
  const subscription = useCurrentSubscription();
  const current = subscription.data && subscription.data.status !== 'CANCELED' ? subscription.data.planId : null;

  return (
    <PageLayout title="Planos" description="Preços por pessoa: escolha o plano e quantas pessoas da equipe vão usar. Pagamento por PIX, sem fidelidade.">
      {plans.isPending ? (
        <CardsSkeleton count={3} label="Carregando planos…" />
      ) : plans.isError ? (
        <QueryError error={plans.error} onRetry={() => void plans.refetch()} title="Não foi possível carregar os planos" />
      ) : plans.data.data.length === 0 ? (
        <EmptyState title="Nenhum plano disponível no momento">Volte em breve ou fale com a nossa equipe.</EmptyState>
      ) : (
        <>
          <ul className="catalog-plans" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {plans.data.data.map((plan) => (
              <li key={plan._id} style={{ display: 'flex' }}>
                <PlanCard plan={plan} plans={plans.data.data} current={plan._id === current} />
              </li>
            ))}
          </ul>
          <SeatCalculator plans={plans.data.data} />
        </>
      )}
      <section className="catalog-section catalog-faq" aria-labelledby="faq-title">
        <h2 id="faq-title" className="catalog-section__title">
          Perguntas frequentes
        </h2>
        {FAQ.map(([question, answer]) => (
          <details key={question}>
            <summary>{question}</summary>
            <p>{answer}</p>
          </details>
        ))}
      </section>
    </PageLayout>
  );
}

function PlanCard({ plan, plans, current }: { plan: Plan; plans: readonly Plan[]; current: boolean }) {
  const saving = savingAgainstMonthly(plan, plans);
  const titleId = `plan-${plan._id}`;
  return (
    <article className={`catalog-plan${plan.highlight ? ' catalog-plan--highlight' : ''}`} aria-labelledby={titleId} style={{ flex: 1 }}>
      <div className="catalog-meta">
        {plan.highlight && <Badge tone="success">Mais escolhido</Badge>}
        {current && <Badge tone="info">Seu plano atual</Badge>}
      </div>
      <h2 id={titleId} className="catalog-plan__name">
        {plan.name}
      </h2>
      <p className="catalog-plan__price">
        {formatMoney(plan.priceCents)} <small>por pessoa {planIntervalEvery(plan.interval)}</small>
      </p>
      {plan.interval !== 'MONTHLY' && <p style={{ margin: 0 }}>Equivale a {formatMoney(monthlyEquivalentCents(plan))} por pessoa por mês</p>}
      <p style={{ margin: 0, color: 'var(--clube-color-muted)' }}>Equipes a partir de {MIN_TEAM_SEATS} assentos, um por pessoa.</p>
      {saving && (
        <p style={{ margin: 0, color: 'var(--clube-color-success)', fontWeight: 600 }}>
          Economia de {formatMoney(saving.cents)} ({saving.percent}%) em relação ao mensal
        </p>
      )}
      <p style={{ margin: 0 }}>{credits(plan.creditsPerCycle)} a cada ciclo</p>
      {plan.description && <p style={{ margin: 0, color: 'var(--clube-color-muted)' }}>{plan.description}</p>}
      <ul className="catalog-plan__features">
        {plan.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      {current ? (
        <Link className="clube-button clube-button--secondary" to="/assinatura">
          Ver minha assinatura
        </Link>
      ) : (
        <Link className={`clube-button clube-button--${plan.highlight ? 'primary' : 'secondary'}`} to={`/checkout/assinar?planId=${plan._id}`}>
          Assinar {plan.name}
        </Link>
      )}
    </article>
  );
}

/**
 * "Quanto custa para a sua equipe": the price is per person (seat), so the total is shown for the
 * number of people typed, for every plan, before anyone signs up.
 */
function SeatCalculator({ plans }: { plans: readonly Plan[] }) {
  const [text, setText] = useState('3');
  const seats = seatsOf(text);
  return (
    <section className="catalog-section catalog-seats" aria-labelledby="seats-title">
      <h2 id="seats-title" className="catalog-section__title">
        Quanto custa para a sua equipe
      </h2>
      <p style={{ marginTop: 0 }}>Cada pessoa ocupa um assento. Informe quantas pessoas vão usar o Clube, você incluído.</p>
      <div className="catalog-seats__field">
        <SeatsInput
          label="Pessoas na equipe"
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={seats === null ? `Informe um número de 1 a ${MAX_SEATS}.` : undefined}
        />
      </div>
      <ul className="catalog-seats__totals" aria-live="polite" aria-label="Total por plano">
        {seats !== null &&
          plans.map((plan) => (
            <li key={plan._id}>
              <strong>{plan.name}:</strong> {formatMoney(plan.priceCents * seats)} {planIntervalEvery(plan.interval)}{' '}
              <span className="catalog-meta">
                ({seats} × {formatMoney(plan.priceCents)})
              </span>{' '}
              <Link to={`/checkout/assinar?planId=${plan._id}&assentos=${seats}`}>
                Assinar {plan.name} para {seats} {seats === 1 ? 'pessoa' : 'pessoas'}
              </Link>
            </li>
          ))}
      </ul>
    </section>
  );
}

import { cnpjProblem, cpfProblem } from '@clube/kit/brazilian/documents';
import { RadioGroup } from '@clube/kit/ui/radio-group';
import { messageOf } from '@clube/kit/forms/form';
import { Money } from '@clube/kit/ui/money';
import { Skeleton } from '@clube/kit/ui/skeleton';
import { ApiError, Button, Card, EmptyState, ErrorState, Input, PageLayout, useAuth } from '@clube/platform';
import { useCallback, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import '../shared/account.css';
import { planIntervalEvery } from '@clube/platform/subscription-words';
import { creditsWords } from '../shared/credits';
import { usePlan, type Plan } from '../shared/api/get-plans';
import { seatsProblem } from '../shared/seats';
import { MAX_SEATS, SeatsInput } from '@clube/kit/ui/seats-input';
import { useSubscription } from '../shared/api/get-subscription';
import { useCreateSubscription } from '../shared/api/subscription-mutations';
import { PixPanel } from '../shared/pix-panel';

const RENEWAL_OPTIONS = [
  { value: 'PIX', label: 'PIX a cada ciclo: você paga um QR code em cada renovação' },
  { value: 'AUTOMATICO', label: 'Pix Automático: as renovações são debitadas sozinhas' },
] as const;

/** A CPF (11 digits) or a CNPJ (14 letters or digits): the problem of the one the member typed. */
export function payerDocumentProblem(value: string): string | undefined {
  const characters = value.replace(/[^0-9A-Za-z]/g, '');
  if (!characters) return 'Informe o CPF ou o CNPJ de quem paga.';
  if (characters.length <= 11 && /^\d+$/.test(characters)) return characters.length === 11 ? cpfProblem(value) : 'O CPF tem 11 dígitos; o CNPJ, 14 caracteres.';
  return cnpjProblem(value);
}

/** Pix Automático's payer: the laboratory's CNPJ and name pre-filled, or the member's CPF and name. */
function AutomaticPayer({ documento, nome, errors, onChange }: { documento: string; nome: string; errors: { documento?: string; nome?: string }; onChange: (field: 'documento' | 'nome', value: string) => void }) {
  return (
    <div className="account-stack">
      <Input label="CPF ou CNPJ de quem paga" autoComplete="off" spellCheck={false} value={documento} error={errors.documento} onChange={(event) => onChange('documento', event.target.value)} />
      <Input label="Nome de quem paga" autoComplete="name" value={nome} error={errors.nome} onChange={(event) => onChange('nome', event.target.value)} />
      <p role="note">
        <strong>Seu banco vai pedir para autorizar os próximos pagamentos.</strong> Um só QR code paga o primeiro ciclo e autoriza o débito dos próximos, no
        valor do plano; você pode desativar quando quiser em Minha assinatura.
      </p>
    </div>
  );
}

/** Seats for a laboratory: asked only when the profile's laboratory has a valid CNPJ, as the API requires for more than one. */
function Seats({ plan, value, onChange, error }: { plan: Plan; value: string; onChange: (value: string) => void; error?: string }) {
  const { profile } = useAuth();
  const cnpj = profile?.laboratory?.cnpj ?? '';
  if (!cnpj || cnpjProblem(cnpj)) {
    return (
      <p className="account-muted">
        Para comprar para uma equipe (mais de um assento), o laboratório precisa ter um CNPJ válido.{' '}
        <Link to="/usuario/laboratorio">Cadastrar o CNPJ em Meu laboratório</Link>
      </p>
    );
  }
  const seats = error ? 1 : Number(value);
  return (
    <div className="checkout-seats">
      <SeatsInput
        label="Número de assentos"
        hint={`Um assento por pessoa do ${profile?.laboratory?.name ?? 'laboratório'}, você incluído (de 1 a ${MAX_SEATS}).`}
        value={value}
        error={error}
        onChange={(event) => onChange(event.target.value)}
      />
      <p>
        Total:{' '}
        <strong data-testid="checkout-total">
          <Money cents={plan.priceCents * seats} />
        </strong>{' '}
        {planIntervalEvery(plan.interval)}
        {seats > 1 && (
          <span className="account-muted">
            {' '}
            (<Money cents={plan.priceCents} /> × {seats} assentos)
          </span>
        )}
      </p>
    </div>
  );
}

function PlanSummary({ plan }: { plan: Plan }) {
  return (
    <Card title={`Plano ${plan.name}`}>
      <p className="checkout__price">
        <strong>
          <Money cents={plan.priceCents} />
        </strong>{' '}
        {planIntervalEvery(plan.interval)}
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

function Welcome({ plan, seats }: { plan: Plan; seats: number }) {
  return (
    <Card title="Boas-vindas ao Clube!">
      <p role="status">
        Pagamento confirmado. Sua assinatura {plan.name} está ativa e você recebeu <strong>{creditsWords(plan.creditsPerCycle * seats)}</strong>
        {seats > 1 ? ` para a equipe (${seats} assentos).` : '.'}
      </p>
      {seats > 1 && (
        <p>
          Agora convide as pessoas do laboratório: <Link to="/equipe">Ir para a Equipe</Link>
        </p>
      )}
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
  // `?assentos=` comes from the seat calculator on /planos: the team's size typed there.
  const [seatsText, setSeatsText] = useState(() => /^\d{1,3}$/.test(searchParams.get('assentos') ?? '') ? String(searchParams.get('assentos')) : '1');
  const [seatsTouched, setSeatsTouched] = useState(false);
  const [paidSeats, setPaidSeats] = useState(1);
  const [renewal, setRenewal] = useState<'PIX' | 'AUTOMATICO'>('PIX');
  const [payer, setPayer] = useState(() => ({
    documento: profile?.laboratory?.cnpj ?? '',
    nome: profile?.laboratory?.cnpj ? (profile.laboratory.name ?? '') : (profile?.name ?? ''),
  }));
  const [payerTouched, setPayerTouched] = useState(false);
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
  if (paid) return layout(<Welcome plan={plan.data} seats={subscriptionId ? paidSeats : (existing.data?.seats ?? 1)} />);

  // A checkout already started for this plan (the page was reloaded): go on paying it.
  const current = existing.data && existing.data.status !== 'CANCELED' ? existing.data : null;
  const payingId = subscriptionId ?? (current?.status === 'PENDING' && current.planId === plan.data._id ? current._id : null);
  if (payingId) {
    return layout(
      <>
        <PlanSummary plan={plan.data} />
        <Card>
          {(create.data?.pixAutomatic ?? current?.pixAutomatic)?.status === 'CRIADA' && (
            <p role="note">
              <strong>Pix Automático:</strong> este QR code paga o primeiro ciclo. Seu banco vai pedir para autorizar os próximos pagamentos.
            </p>
          )}
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

  const seatsError = seatsProblem(seatsText);
  const payerErrors = {
    documento: payerDocumentProblem(payer.documento),
    nome: payer.nome.trim().length < 2 ? 'Informe o nome de quem paga, como o banco mostra.' : undefined,
  };
  const automatic = renewal === 'AUTOMATICO';
  const labCnpj = profile?.laboratory?.cnpj ?? '';
  const seats = labCnpj && !cnpjProblem(labCnpj) && !seatsError ? Number(seatsText) : 1;
  return layout(
    <>
      <PlanSummary plan={plan.data} />
      <Card title="Assentos">
        <Seats
          plan={plan.data}
          value={seatsText}
          error={seatsTouched ? seatsError : undefined}
          onChange={(value) => {
            setSeatsText(value);
            setSeatsTouched(true);
          }}
        />
      </Card>
      <Card title="Pagamento">
        <p>Forma de pagamento: <strong>PIX</strong>. O acesso é liberado assim que o pagamento é confirmado, em poucos segundos.</p>
        <RadioGroup label="Como pagar as renovações" name="renovacao" options={RENEWAL_OPTIONS} value={renewal} onChange={(event) => setRenewal(event.target.value as 'PIX' | 'AUTOMATICO')} />
        {automatic && (
          <AutomaticPayer
            documento={payer.documento}
            nome={payer.nome}
            errors={payerTouched ? payerErrors : {}}
            onChange={(field, value) => setPayer((current) => ({ ...current, [field]: value }))}
          />
        )}
        {create.isError && (
          <p className="clube-input__error" role="alert">
            {messageOf(create.error)}
          </p>
        )}
        <Button
          loading={create.isPending}
          onClick={() => {
            setSeatsTouched(true);
            setPayerTouched(true);
            if (labCnpj && !cnpjProblem(labCnpj) && seatsError) return;
            if (automatic && (payerErrors.documento || payerErrors.nome)) return;
            create.mutate(
              { planId: plan.data._id, paymentMethod: 'PIX', seats, ...(automatic ? { pixAutomatico: { documento: payer.documento.trim(), nome: payer.nome.trim() } } : {}) },
              {
                onSuccess: (subscription) => {
                  setSubscriptionId(subscription._id);
                  setPaidSeats(subscription.seats ?? seats);
                },
              },
            );
          }}
        >
          Gerar PIX
        </Button>
      </Card>
    </>,
  );
}

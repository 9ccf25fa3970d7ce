import { Badge, StatusBadge } from '@clube/kit/ui/badge';
import { ConfirmDialog } from '@clube/kit/ui/dialog';
import { formatMoney } from '@clube/kit/ui/money';
import { Skeleton } from '@clube/kit/ui/skeleton';
import { Table, type TableColumn } from '@clube/kit/ui/table';
import { QueryTable } from '@clube/kit/ui/query-table';
import { ApiError, Button, Card, ErrorState, PageLayout, formatDate, formatDateTime, toast, useAuth, type ApiResponse } from '@clube/platform';
import { planWithInterval } from '@clube/platform/subscription-words';
import { formatCnpj } from '@clube/kit/brazilian/masks';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { LaboratoryCompetence } from './laboratory-competence';
import { useSubscriptionInvoices, useUser, useUserProgress, useUserSubscriptions, useUserTeam, useUserUnlocks } from './api/get-user';
import { useUpdateUserRole, type Role } from './api/update-user-role';

type User = ApiResponse<'/v1/users/{id}'>;
type SubscriptionRow = ApiResponse<'/v1/subscriptions/user/{userId}'>['data'][number];
type InvoiceRow = ApiResponse<'/v1/subscriptions/{id}/invoices'>['data'][number];
type UnlockRow = ApiResponse<'/v1/users/{id}/unlocks'>['data'][number];
type ProgressRow = ApiResponse<'/v1/users/{id}/progress'>['data'][number];
type UserTeam = ApiResponse<'/v1/users/{id}/team'>;
type TeamPerson = UserTeam['members'][number];

const PIX_AUTOMATIC_STATUS = { CRIADA: 'Aguardando autorização', APROVADA: 'Ativo', REJEITADA: 'Recusado pelo pagador', EXPIRADA: 'Expirado', CANCELADA: 'Cancelado' } as const;

const SUBSCRIPTION_COLUMNS: TableColumn<SubscriptionRow>[] = [
  { key: 'plan', header: 'Plano', cell: (s) => (s.plan ? planWithInterval(s.plan) : 'Plano removido') },
  { key: 'status', header: 'Situação', cell: (s) => <StatusBadge status={s.status} /> },
  { key: 'period', header: 'Período', cell: (s) => (s.currentPeriodStart && s.endDate ? `${formatDate(s.currentPeriodStart)} a ${formatDate(s.endDate)}` : '—') },
  { key: 'createdAt', header: 'Criada em', cell: (s) => formatDate(s.createdAt) },
  {
    key: 'pixAutomatic',
    header: 'Pix Automático',
    wrap: true,
    cell: (s) =>
      s.pixAutomatic ? (
        <>
          <div>{PIX_AUTOMATIC_STATUS[s.pixAutomatic.status]}</div>
          <div>idRec {s.pixAutomatic.idRec}</div>
        </>
      ) : (
        '—'
      ),
  },
];

const INVOICE_COLUMNS: TableColumn<InvoiceRow>[] = [
  { key: 'description', header: 'Descrição', wrap: true, cell: (i) => i.description },
  { key: 'amount', header: 'Valor', align: 'end', cell: (i) => formatMoney(i.amountCents) },
  { key: 'status', header: 'Situação', cell: (i) => <StatusBadge status={i.status} label={i.status === 'PENDING' ? 'Pendente' : undefined} /> },
  { key: 'dueDate', header: 'Vencimento', cell: (i) => formatDate(i.dueDate) },
  { key: 'paidAt', header: 'Paga em', cell: (i) => (i.paidAt ? formatDate(i.paidAt) : '—') },
  {
    key: 'psp',
    header: 'Ids no PSP',
    wrap: true,
    cell: (i) =>
      i.txid || i.endToEndId ? (
        <>
          {i.txid ? <div>txid {i.txid}</div> : null}
          {i.recurringCharge ? <div>idRec {i.recurringCharge.idRec} (débito {i.recurringCharge.status.toLowerCase()}, {i.recurringCharge.attempts} tentativa{i.recurringCharge.attempts === 1 ? '' : 's'})</div> : null}
          {i.endToEndId ? <div>E2E {i.endToEndId}</div> : null}
        </>
      ) : (
        '—'
      ),
  },
];

const UNLOCK_COLUMNS: TableColumn<UnlockRow>[] = [
  { key: 'title', header: 'Item', wrap: true, cell: (u) => u.title ?? 'Item removido' },
  { key: 'type', header: 'Tipo', cell: (u) => (u.itemType === 'VIDEO' ? 'Vídeo' : 'Conteúdo') },
  { key: 'credits', header: 'Créditos', align: 'end', cell: (u) => u.credits },
  { key: 'createdAt', header: 'Quando', cell: (u) => formatDateTime(u.createdAt) },
];

function minutes(seconds: number | null): string {
  return seconds === null ? '—' : `${Math.round(seconds / 60)} min`;
}

const PROGRESS_COLUMNS: TableColumn<ProgressRow>[] = [
  { key: 'title', header: 'Vídeo', wrap: true, cell: (p) => p.title ?? 'Vídeo removido' },
  { key: 'watched', header: 'Assistido', align: 'end', cell: (p) => `${minutes(p.watchedSeconds)} de ${minutes(p.durationSeconds)}` },
  { key: 'finishedAt', header: 'Concluído', cell: (p) => (p.finishedAt ? formatDate(p.finishedAt) : 'Em andamento') },
];

function Invoices({ subscription }: { subscription: SubscriptionRow }) {
  const invoices = useSubscriptionInvoices(subscription._id);
  return (
    <QueryTable
      caption={`Faturas da assinatura ${subscription.plan?.name ?? ''} de ${formatDate(subscription.createdAt)}`}
      columns={INVOICE_COLUMNS}
      rows={invoices.data?.data ?? []}
      rowKey={(i) => i._id}
      query={invoices}
      emptyMessage="Nenhuma fatura."
    />
  );
}

function Profile({ user }: { user: User }) {
  const lab = user.laboratory;
  return (
    <div className="admin-section admin-metrics">
      <Card>
        <h2 className="clube-card__title">Perfil</h2>
        <dl className="admin-details">
          <dt>E-mail</dt>
          <dd>{user.email}</dd>
          <dt>Papel</dt>
          <dd>{user.role === 'ADMIN' ? <Badge tone="info">Administrador</Badge> : 'Membro'}</dd>
          <dt>Créditos</dt>
          <dd>
            {user.credits.balance} disponíveis, {user.credits.used} usados
          </dd>
          <dt>Cadastro</dt>
          <dd>{formatDate(user.createdAt)}</dd>
        </dl>
      </Card>
      <Card>
        <h2 className="clube-card__title">Laboratório</h2>
        {lab ? (
          <dl className="admin-details">
            <dt>Nome</dt>
            <dd>{lab.name}</dd>
            <dt>CNPJ</dt>
            <dd>{formatCnpj(lab.cnpj)}</dd>
            <dt>Telefone</dt>
            <dd>{lab.phone}</dd>
            <dt>Endereço</dt>
            <dd>
              {lab.address.street}, {lab.address.number}
              {lab.address.complement ? ` – ${lab.address.complement}` : ''} · {lab.address.district} · {lab.address.city}/{lab.address.state} · CEP {lab.address.cep}
            </dd>
          </dl>
        ) : (
          <p>O membro ainda não informou o laboratório (o cadastro inicial não foi concluído).</p>
        )}
      </Card>
    </div>
  );
}

const TEAM_ROLES = { MANAGER: 'Gestor', TECHNICIAN: 'Técnico' } as const;

const TEAM_COLUMNS: TableColumn<TeamPerson>[] = [
  { key: 'name', header: 'Nome', wrap: true, cell: (m) => <Link to={`/admin/usuarios/${m.userId}`}>{m.name}</Link> },
  { key: 'email', header: 'E-mail', wrap: true, cell: (m) => m.email },
  { key: 'role', header: 'Papel', cell: (m) => (m.role === 'MANAGER' ? <Badge tone="info">Gestor</Badge> : TEAM_ROLES[m.role]) },
  // The API lists the ACTIVE seats (a removed person leaves the list; their training record stays with the laboratory).
  { key: 'status', header: 'Situação', cell: () => <Badge tone="success">Ativo</Badge> },
  { key: 'joinedAt', header: 'Entrou em', cell: (m) => formatDate(m.joinedAt) },
];

/** "Conta de laboratório": the laboratory account the member manages or sits in, its seats and its people. */
function LaboratoryAccount({ userId }: { userId: string }) {
  const team = useUserTeam(userId);
  const none = team.error instanceof ApiError && team.error.statusCode === 404;
  let body;
  if (team.isPending) body = <Skeleton lines={3} label="Carregando a conta de laboratório…" />;
  else if (none) body = <p>Sem conta de laboratório.</p>;
  else if (team.isError) body = <ErrorState message={team.error.message} onRetry={() => void team.refetch()} />;
  else {
    const { account, members, role } = team.data;
    body = (
      <>
        <dl className="admin-details">
          <dt>Laboratório</dt>
          <dd>{account.name}</dd>
          <dt>CNPJ</dt>
          <dd>{formatCnpj(account.cnpj)}</dd>
          <dt>Assentos</dt>
          <dd>
            {account.seatsUsed} em uso de {account.seats} comprados
          </dd>
          <dt>Assinatura do laboratório</dt>
          <dd>{account.subscriptionStatus ? <StatusBadge status={account.subscriptionStatus} /> : 'Sem assinatura'}</dd>
          <dt>Este membro é</dt>
          <dd>{TEAM_ROLES[role]}</dd>
        </dl>
        <Table caption="Pessoas da conta de laboratório" columns={TEAM_COLUMNS} rows={members} rowKey={(m) => m.userId} emptyMessage="Ninguém além do gestor." />
        <LaboratoryCompetence accountId={account.id} />
      </>
    );
  }
  return (
    <section className="admin-section" aria-labelledby="user-team">
      <h2 id="user-team">Conta de laboratório</h2>
      {body}
    </section>
  );
}

function RoleChange({ user }: { user: User }) {
  const { profile } = useAuth();
  // The role the open dialog is about, fixed when it opens: the profile reloads while it is still open.
  const [target, setTarget] = useState<Role | null>(null);
  const update = useUpdateUserRole(user._id);
  const next: Role = user.role === 'ADMIN' ? 'USER' : 'ADMIN';
  // The API refuses a change of one's own role (403), so the Clube is never left without an admin by its last one.
  if (profile?._id === user._id) {
    return <p className="admin-note">Este é você. Só outro administrador pode mudar o seu papel — assim o Clube nunca fica sem administrador.</p>;
  }
  const promoting = (target ?? next) === 'ADMIN';

  async function confirm() {
    if (!target) return;
    await update.mutateAsync(target); // a refusal (e.g. the last admin) is shown inside the dialog
    toast({
      variant: 'success',
      title: target === 'ADMIN' ? 'Promovido a administrador' : 'Agora é membro',
      description: `${user.name} ${target === 'ADMIN' ? 'agora administra o Clube' : 'não administra mais o Clube'}.`,
    });
  }

  return (
    <>
      <Button variant={next === 'ADMIN' ? 'primary' : 'danger'} onClick={() => setTarget(next)}>
        {next === 'ADMIN' ? 'Tornar administrador' : 'Remover de administrador'}
      </Button>
      <ConfirmDialog
        open={target !== null}
        onClose={() => setTarget(null)}
        title={promoting ? 'Tornar administrador?' : 'Remover de administrador?'}
        message={
          promoting
            ? `${user.name} poderá mudar o catálogo, os planos, as assinaturas e os papéis de todos.`
            : `${user.name} volta a ser membro e perde o acesso à administração.`
        }
        confirmLabel={promoting ? 'Confirmar promoção' : 'Confirmar remoção'}
        tone={promoting ? 'primary' : 'danger'}
        onConfirm={confirm}
      />
    </>
  );
}

/** `/admin/usuarios/{id}`: the member's profile, laboratory, subscriptions and invoices, unlocks and progress, and the role change. */
export function UserPage() {
  const { id = '' } = useParams();
  const user = useUser(id);
  const subscriptions = useUserSubscriptions(id);
  const unlocks = useUserUnlocks(id);
  const progress = useUserProgress(id);

  if (user.isPending) {
    return (
      <PageLayout title="Usuário">
        <Skeleton lines={6} label="Carregando o usuário…" />
      </PageLayout>
    );
  }
  if (user.isError) {
    return (
      <PageLayout title="Usuário">
        <ErrorState message={user.error.message} onRetry={() => void user.refetch()} />
        <Link to="/admin/usuarios">Voltar para a lista de usuários</Link>
      </PageLayout>
    );
  }

  const subscriptionRows = subscriptions.data?.data ?? [];
  return (
    <PageLayout title={user.data.name} description={<Link to="/admin/usuarios">← Todos os usuários</Link>} actions={<RoleChange user={user.data} />}>
      <Profile user={user.data} />
      <LaboratoryAccount userId={id} />
      <section className="admin-section" aria-labelledby="user-subscriptions">
        <h2 id="user-subscriptions">Assinaturas e faturas</h2>
        <QueryTable caption="Assinaturas" columns={SUBSCRIPTION_COLUMNS} rows={subscriptionRows} rowKey={(s) => s._id} query={subscriptions} emptyMessage="Este membro nunca assinou um plano." />
        {subscriptionRows.map((subscription) => (
          <Invoices key={subscription._id} subscription={subscription} />
        ))}
      </section>
      <section className="admin-section" aria-labelledby="user-unlocks">
        <h2 id="user-unlocks">Desbloqueios com créditos</h2>
        <QueryTable
          caption="Desbloqueios"
          columns={UNLOCK_COLUMNS}
          rows={unlocks.data?.data ?? []}
          rowKey={(u) => u._id}
          query={unlocks}
          emptyMessage="Nenhum conteúdo ou vídeo desbloqueado com créditos."
        />
      </section>
      <section className="admin-section" aria-labelledby="user-progress">
        <h2 id="user-progress">Vídeos assistidos</h2>
        <QueryTable caption="Progresso nos vídeos" columns={PROGRESS_COLUMNS} rows={progress.data?.data ?? []} rowKey={(p) => p.videoId} query={progress} emptyMessage="Nenhum vídeo começado." />
      </section>
    </PageLayout>
  );
}

import { formatCnpj } from '@clube/kit/brazilian/masks';
import { TextField } from '@clube/kit/forms/fields';
import { Form, FormAlert, SubmitButton, messageOf, useZodForm } from '@clube/kit/forms/form';
import { Badge } from '@clube/kit/ui/badge';
import { DateInput } from '@clube/kit/ui/date-input';
import { ConfirmDialog } from '@clube/kit/ui/dialog';
import { Skeleton } from '@clube/kit/ui/skeleton';
import { Table, type TableColumn } from '@clube/kit/ui/table';
import { QueryTable } from '@clube/kit/ui/query-table';
import { ApiError, Button, Card, EmptyState, ErrorState, Input, PageLayout, formatDate, formatRelative, toast, useAuth, useConfig } from '@clube/platform';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import * as z from 'zod/mini';
import '../shared/account.css';
import { useTrainingReport } from './api/download-report';
import { AuthorizationsSection } from './authorizations-section';
import { CompetenceSection } from './competence-section';
import { FunctionsSection } from './functions-section';
import { useTeam, type Team, type TeamInvitation, type TeamMember } from './api/get-team';
import { useTraining, type Period, type TrainingItem, type TrainingPerson } from './api/get-training';
import { useInvite, useLeaveTeam, useRemoveMember, useRevokeInvitation } from './api/team-mutations';
import './team.css';

const ROLE_WORDS = { MANAGER: 'Gestor', TECHNICIAN: 'Técnico' } as const;

function layout(children: ReactNode, actions?: ReactNode) {
  return (
    <PageLayout title="Equipe" description="Assentos, convites, o registro de treinamento, as funções e as autorizações do laboratório." actions={actions}>
      <div className="account-stack team-stack">{children}</div>
    </PageLayout>
  );
}

function Seats({ account }: { account: Team['account'] }) {
  const free = Math.max(account.seats - account.seatsUsed, 0);
  return (
    <Card title={account.name}>
      <dl className="account-dl">
        <dt>CNPJ</dt>
        <dd>{formatCnpj(account.cnpj)}</dd>
        <dt>Assentos</dt>
        <dd>
          <span id="team-seats-label">
            {account.seatsUsed} de {account.seats} em uso · {free === 1 ? '1 livre' : `${free} livres`}
          </span>
          <meter className="team-meter" min={0} max={account.seats} value={account.seatsUsed} aria-labelledby="team-seats-label" />
        </dd>
        <dt>Créditos do laboratório</dt>
        <dd>
          {account.credits.balance} disponíveis · {account.credits.used} usados — qualquer pessoa da equipe desbloqueia com eles, e o item fica liberado para todos.
        </dd>
      </dl>
      <Link to="/assinatura">Comprar mais assentos ou trocar de plano</Link>
    </Card>
  );
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const inviteSchema = z.object({
  email: z.string().check(z.trim(), z.minLength(1, 'Informe o e-mail da pessoa.'), z.regex(EMAIL_PATTERN, 'Informe um e-mail válido, como nome@exemplo.com.')),
});

function InviteLink({ url }: { url: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="team-invite-link" role="status">
      <p>
        <strong>Convite criado.</strong> Envie este link para a pessoa; ele vale por 7 dias, só pode ser usado uma vez e só com o e-mail convidado. Ele não
        aparece de novo.
      </p>
      <Input label="Link do convite" value={url} readOnly onFocus={(event) => event.currentTarget.select()} />
      <Button
        variant="secondary"
        onClick={() =>
          void navigator.clipboard.writeText(url).then(
            () => setCopied(true),
            () => toast({ variant: 'danger', title: 'Não foi possível copiar', description: 'Selecione o link e copie manualmente.' }),
          )
        }
      >
        Copiar link
      </Button>
      {copied && <span className="account-muted">Link copiado!</span>}
    </div>
  );
}

function Invite({ account }: { account: Team['account'] }) {
  const invite = useInvite();
  const [url, setUrl] = useState<string | null>(null);
  const form = useZodForm(inviteSchema, { defaultValues: { email: '' } });
  const full = account.seatsUsed >= account.seats;
  return (
    <Card title="Convidar para a equipe">
      {full ? (
        <p>Todos os assentos estão ocupados. Remova alguém ou compre mais assentos para convidar outra pessoa.</p>
      ) : (
        <Form
          form={form}
          onSubmit={async ({ email }) => {
            setUrl(null);
            const created = await invite.mutateAsync(email);
            setUrl(created.inviteUrl);
            form.reset({ email: '' });
          }}
        >
          <FormAlert />
          <TextField label="E-mail da pessoa" name="email" type="email" autoComplete="off" inputMode="email" />
          <SubmitButton>Enviar convite</SubmitButton>
        </Form>
      )}
      <p className="account-muted team-note">
        Os convites pendentes podem ser mais que os assentos livres: quem aceitar primeiro fica com o assento.
      </p>
      {url && <InviteLink url={url} />}
    </Card>
  );
}

function Invitations({ invitations }: { invitations: TeamInvitation[] }) {
  const revoke = useRevokeInvitation();
  const [target, setTarget] = useState<TeamInvitation | null>(null);
  const columns: TableColumn<TeamInvitation>[] = [
    { key: 'email', header: 'E-mail', wrap: true, cell: (i) => i.email },
    { key: 'createdAt', header: 'Enviado em', cell: (i) => formatDate(i.createdAt) },
    { key: 'expiresAt', header: 'Vale até', cell: (i) => formatDate(i.expiresAt) },
    {
      key: 'actions',
      header: 'Ações',
      cell: (i) => (
        <Button variant="secondary" onClick={() => setTarget(i)} aria-label={`Cancelar convite de ${i.email}`}>
          Cancelar convite
        </Button>
      ),
    },
  ];
  return (
    <section aria-labelledby="team-invitations" className="team-section">
      <h2 id="team-invitations">Convites pendentes</h2>
      <Table caption="Convites pendentes" columns={columns} rows={invitations} rowKey={(i) => i.id} emptyMessage="Nenhum convite pendente. Convide alguém pelo e-mail acima." />
      <ConfirmDialog
        open={target !== null}
        onClose={() => setTarget(null)}
        title="Cancelar este convite?"
        message={target ? `O link enviado para ${target.email} deixa de funcionar.` : ''}
        confirmLabel="Cancelar convite"
        cancelLabel="Voltar"
        tone="danger"
        onConfirm={async () => {
          if (!target) return;
          await revoke.mutateAsync(target.id);
          toast({ variant: 'success', title: 'Convite cancelado', description: target.email });
        }}
      />
    </section>
  );
}

function Members({ members }: { members: TeamMember[] }) {
  const remove = useRemoveMember();
  const [target, setTarget] = useState<TeamMember | null>(null);
  const columns: TableColumn<TeamMember>[] = [
    { key: 'name', header: 'Nome', wrap: true, cell: (m) => m.name },
    { key: 'email', header: 'E-mail', wrap: true, cell: (m) => m.email },
    { key: 'role', header: 'Papel', cell: (m) => (m.role === 'MANAGER' ? <Badge tone="info">Gestor</Badge> : 'Técnico') },
    { key: 'joinedAt', header: 'Na equipe desde', cell: (m) => formatDate(m.joinedAt) },
    {
      key: 'actions',
      header: 'Ações',
      cell: (m) =>
        m.role === 'MANAGER' ? (
          <span className="account-muted">—</span>
        ) : (
          <Button variant="secondary" onClick={() => setTarget(m)} aria-label={`Remover ${m.name} da equipe`}>
            Remover
          </Button>
        ),
    },
  ];
  return (
    <section aria-labelledby="team-members" className="team-section">
      <h2 id="team-members">Pessoas</h2>
      <Table caption="Pessoas da equipe" columns={columns} rows={members} rowKey={(m) => m.userId} emptyMessage="Só você por enquanto. Convide as pessoas do laboratório." />
      <ConfirmDialog
        open={target !== null}
        onClose={() => setTarget(null)}
        title={target ? `Remover ${target.name} da equipe?` : 'Remover da equipe?'}
        message="O acesso ao Clube termina agora e o assento fica livre. O registro de treinamento e os certificados da pessoa continuam com o laboratório."
        confirmLabel="Remover da equipe"
        tone="danger"
        onConfirm={async () => {
          if (!target) return;
          await remove.mutateAsync(target.userId);
          toast({ variant: 'success', title: 'Pessoa removida da equipe', description: target.name });
        }}
      />
    </section>
  );
}

function PersonItems({ person }: { person: TrainingPerson }) {
  const { apiUrl } = useConfig();
  if (person.items.length === 0) return null;
  const columns: TableColumn<TrainingItem>[] = [
    { key: 'video', header: 'Vídeo', wrap: true, cell: (i) => i.videoTitle },
    { key: 'finishedAt', header: 'Concluído em', cell: (i) => formatDate(i.finishedAt) },
    { key: 'duration', header: 'Duração', align: 'end', cell: (i) => i.duration },
    {
      key: 'certificate',
      header: 'Certificado',
      cell: (i) =>
        i.certificateCode ? (
          <span className="team-certificate">
            <Link to={`/certificados/${i.certificateCode}`}>{i.certificateCode}</Link>
            <a href={`${apiUrl.replace(/\/$/, '')}/v1/certificates/${i.certificateCode}/pdf`} download aria-label={`Baixar o certificado ${i.certificateCode} em PDF`}>
              PDF
            </a>
          </span>
        ) : (
          '—'
        ),
    },
  ];
  return (
    <details className="team-person">
      <summary>
        Vídeos de {person.name} ({person.items.length})
      </summary>
      <Table caption={`Vídeos concluídos por ${person.name}`} columns={columns} rows={person.items} rowKey={(i) => i.videoId} />
    </details>
  );
}

function TrainingRecord() {
  const [searchParams, setSearchParams] = useSearchParams();
  const period: Period = { from: searchParams.get('de') ?? undefined, to: searchParams.get('ate') ?? undefined };
  const training = useTraining(period);
  const csv = useTrainingReport('csv');
  const pdf = useTrainingReport('pdf');

  function setPeriod(key: 'de' | 'ate', value: string) {
    const next = new URLSearchParams(searchParams);
    if (value) next.set(key, value);
    else next.delete(key);
    setSearchParams(next, { replace: true });
  }

  const download = (report: typeof csv, kind: string) =>
    report.mutate(period, {
      onSuccess: () => toast({ variant: 'success', title: 'Exportação pronta', description: `O registro de treinamento em ${kind} foi baixado.` }),
      onError: (error) => toast({ variant: 'danger', title: 'Não foi possível exportar', description: messageOf(error) }),
    });

  const columns: TableColumn<TrainingPerson>[] = [
    {
      key: 'name',
      header: 'Pessoa',
      wrap: true,
      cell: (p) => (
        <>
          {p.name}
          <br />
          <span className="account-muted">{p.email}</span>
          {p.seatStatus === 'REMOVED' && (
            <>
              {' '}
              <Badge tone="neutral">Removido da equipe</Badge>
            </>
          )}
        </>
      ),
    },
    { key: 'role', header: 'Papel', cell: (p) => ROLE_WORDS[p.role] },
    { key: 'videos', header: 'Vídeos concluídos', align: 'end', cell: (p) => p.videosFinished },
    { key: 'hours', header: 'Tempo assistido', align: 'end', cell: (p) => p.timeWatched },
    { key: 'last', header: 'Última atividade', cell: (p) => (p.lastActivityAt ? formatRelative(p.lastActivityAt) : 'Nenhuma') },
  ];
  const people = training.data?.people ?? [];
  return (
    <section aria-labelledby="team-training" className="team-section">
      <h2 id="team-training">Registro de treinamento</h2>
      <p className="account-muted">Vídeos concluídos no período, por pessoa — o que uma auditoria pede. Sem datas, os últimos 12 meses.</p>
      <div className="team-filters">
        <DateInput label="De" value={period.from ?? ''} onChange={(event) => setPeriod('de', event.target.value)} />
        <DateInput label="Até" value={period.to ?? ''} onChange={(event) => setPeriod('ate', event.target.value)} />
        <div className="account-row team-exports">
          <Button variant="secondary" loading={csv.isPending} onClick={() => download(csv, 'CSV')} aria-describedby="team-csv-hint">
            Exportar CSV
          </Button>
          <Button variant="secondary" loading={pdf.isPending} onClick={() => download(pdf, 'PDF')}>
            Exportar PDF
          </Button>
        </div>
      </div>
      <p id="team-csv-hint" className="account-muted">
        O CSV separa as colunas por ponto e vírgula (;) e usa UTF-8, como o Excel em português abre; a duração vem em palavras e em segundos.
      </p>
      {training.data && (
        <p className="account-muted">
          Período: {formatDate(training.data.period.from)} a {formatDate(training.data.period.to)}
        </p>
      )}
      <QueryTable
        caption="Treinamento por pessoa"
        columns={columns}
        rows={people}
        rowKey={(p) => p.userId}
        query={training}
        emptyMessage="Ninguém concluiu vídeos neste período. Quando a equipe assistir a um vídeo até o fim, ele aparece aqui com as horas e o certificado."
      />
      {people.map((person) => (
        <PersonItems key={person.userId} person={person} />
      ))}
    </section>
  );
}

function NotManager({ title, children }: { title: string; children: ReactNode }) {
  return layout(
    <EmptyState title={title}>
      {children}
      <div className="account-row">
        <Link className="clube-button clube-button--primary" to="/videos">
          Ver os vídeos
        </Link>
        <Link to="/planos">Ver os planos</Link>
      </div>
    </EmptyState>,
  );
}

/** A technician's view: whose team they are in, and "Sair da equipe" (issue 25). */
function TechnicianTeam({ laboratoryName }: { laboratoryName: string }) {
  const { refreshProfile } = useAuth();
  const leave = useLeaveTeam();
  const [asking, setAsking] = useState(false);
  const [left, setLeft] = useState(false);
  if (left) {
    return (
      <NotManager title="Você saiu da equipe">
        <p role="status">Você saiu da equipe do {laboratoryName}.</p>
      </NotManager>
    );
  }
  return (
    <NotManager title="Só o gestor do laboratório vê a equipe">
      <p>
        Você faz parte da equipe do {laboratoryName} como técnico. Assentos, convites e o registro de treinamento ficam com quem comprou a assinatura do
        laboratório — fale com essa pessoa. O que as suas funções exigem está em <Link to="/equipe/trilha">Minha trilha</Link>.
      </p>
      <div className="account-row">
        <Button variant="secondary" onClick={() => setAsking(true)}>
          Sair da equipe
        </Button>
      </div>
      <ConfirmDialog
        open={asking}
        onClose={() => setAsking(false)}
        title={`Sair da equipe do ${laboratoryName}?`}
        message="Seu acesso pela equipe termina na hora e o assento fica livre para outra pessoa. Seu progresso, seus certificados e o que você desbloqueou continuam seus; o laboratório guarda o registro do treinamento que você fez."
        confirmLabel="Sair da equipe"
        tone="danger"
        onConfirm={async () => {
          await leave.mutateAsync();
          setLeft(true);
          await refreshProfile();
        }}
      />
    </NotManager>
  );
}

/** `/equipe`: the laboratory manager's seats, wallet, invitations, people and training record; a technician can leave. */
export function TeamPage() {
  const { profile } = useAuth();
  const team = profile?.team ?? null;
  const isManager = team?.role === 'MANAGER';
  const query = useTeam(isManager);

  if (team && !isManager) return <TechnicianTeam laboratoryName={team.laboratoryName} />;
  if (query.error instanceof ApiError && (query.error.statusCode === 404 || query.error.statusCode === 403)) {
    return (
      <NotManager title="Equipe indisponível">
        <p>{query.error.message}</p>
      </NotManager>
    );
  }
  if (!team) {
    return (
      <NotManager title="Você ainda não tem uma conta de laboratório">
        <p>
          Esta página é do gestor de um laboratório: quem assina um plano com mais de um assento convida a equipe, acompanha o treinamento de cada pessoa e
          exporta o registro para auditorias. Para isso, cadastre o CNPJ em <Link to="/usuario/laboratorio">Meu laboratório</Link> e escolha o número de
          assentos ao assinar.
        </p>
      </NotManager>
    );
  }
  if (query.isPending) return layout(<Skeleton lines={6} label="Carregando a equipe…" />);
  if (query.isError) return layout(<ErrorState message={messageOf(query.error)} onRetry={() => void query.refetch()} />);

  const { account, members, invitations } = query.data;
  return layout(
    <>
      <Seats account={account} />
      <Invite account={account} />
      <Invitations invitations={invitations} />
      <Members members={members} />
      <TrainingRecord />
      <FunctionsSection accountId={account.id} members={members} />
      <CompetenceSection accountId={account.id} />
      <AuthorizationsSection accountId={account.id} members={members} />
    </>,
  );
}

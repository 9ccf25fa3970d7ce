import { messageOf } from '@clube/kit/forms/form';
import { Badge } from '@clube/kit/ui/badge';
import { Pagination } from '@clube/kit/ui/pagination';
import { Skeleton } from '@clube/kit/ui/skeleton';
import { Table, type TableColumn } from '@clube/kit/ui/table';
import { Button, ErrorState, formatDateTime, toast } from '@clube/platform';
import { useState } from 'react';
import { AUDIT_PAGE_SIZE, useAuditTrail, useSign, useSignedRecords, type AuditPage, type SignedRecord, type Signing } from './api/authorizations';
import { useCompetenceMatrix } from './api/competence';
import type { TeamMember } from './api/get-team';
import { AuthorizationDialog, RevocationDialog } from './sign-dialog';

type AuditEntry = AuditPage['data'][number];

/** "Em vigor", or who revoked it and when. */
function Standing({ record }: { record: SignedRecord }) {
  if (!record.revokedBy) return <Badge tone="success">Em vigor</Badge>;
  return (
    <>
      <Badge tone="warning">{record.revokedBy.kind === 'AUTHORIZATION' ? 'Substituída' : 'Revogada'}</Badge> por {record.revokedBy.printedName} em {formatDateTime(record.revokedBy.signedAt)}
    </>
  );
}

/** The audit trail (who did what, when), newest first, a page at a time. */
function AuditTrail({ accountId }: { accountId: string }) {
  const [page, setPage] = useState(1);
  const audit = useAuditTrail(accountId, page);
  const columns: TableColumn<AuditEntry>[] = [
    { key: 'at', header: 'Quando', cell: (entry) => formatDateTime(entry.at) },
    { key: 'actor', header: 'Quem', wrap: true, cell: (entry) => entry.actorName },
    { key: 'summary', header: 'O quê', wrap: true, cell: (entry) => entry.summary },
  ];
  return (
    <>
      <h3 id="team-audit">Trilha de auditoria</h3>
      {audit.isPending && <Skeleton lines={3} label="Carregando a trilha de auditoria…" />}
      {audit.isError && <ErrorState title="Não foi possível carregar a trilha de auditoria" message={messageOf(audit.error)} onRetry={() => void audit.refetch()} />}
      {audit.data && (
        <>
          <Table caption="Trilha de auditoria" columns={columns} rows={audit.data.data} rowKey={(entry) => entry.id} emptyMessage="Nada registrado ainda." />
          <Pagination page={page} limit={AUDIT_PAGE_SIZE} total={audit.data.meta.total} onPageChange={setPage} busy={audit.isFetching} />
        </>
      )}
    </>
  );
}

/**
 * Authorizations of the laboratory's people (ISO/IEC 17025 §6.2.5 e, 6.2.6) signed electronically
 * on `/equipe`: sign one (the password is asked again), correct it (a new record that revokes it)
 * or revoke it; every record stays; the audit trail below.
 */
export function AuthorizationsSection({ accountId, members }: { accountId: string; members: TeamMember[] }) {
  const records = useSignedRecords(accountId);
  const matrix = useCompetenceMatrix(accountId);
  const signMutation = useSign(accountId);
  const [signing, setSigning] = useState<{ replaces: SignedRecord | null } | null>(null);
  const [revoking, setRevoking] = useState<SignedRecord | null>(null);

  const sign = async (password: string, what: Signing) => {
    await signMutation.mutateAsync({ password, signing: what });
    toast({ variant: 'success', title: what.kind === 'revoke' ? 'Revogação assinada.' : 'Autorização assinada.' });
  };

  const authorizations = records.data?.data.filter((record) => record.kind === 'AUTHORIZATION') ?? [];
  const columns: TableColumn<SignedRecord>[] = [
    { key: 'person', header: 'Pessoa', wrap: true, cell: (record) => record.subjectName ?? '—' },
    {
      key: 'activity',
      header: 'Atividade',
      wrap: true,
      // One run of text, so a narrow screen wraps it as a sentence.
      cell: (record) => (
        <span>
          {record.activity}
          {record.requiredItems.length > 0 &&
            ` — exige ${record.requiredItems.map((item) => `${item.title}${item.scorePercent === null ? '' : ` (${item.scorePercent.toLocaleString('pt-BR')} %)`}`).join('; ')}`}
        </span>
      ),
    },
    {
      key: 'signature',
      header: 'Assinatura',
      wrap: true,
      cell: (record) => `${record.signature.meaningText} — ${record.signature.printedName}, ${formatDateTime(record.signature.signedAt)}`,
    },
    { key: 'standing', header: 'Situação', wrap: true, cell: (record) => <Standing record={record} /> },
    {
      key: 'actions',
      header: 'Ações',
      cell: (record) =>
        record.revokedBy ? null : (
          <div className="account-row">
            <Button variant="secondary" onClick={() => setSigning({ replaces: record })} aria-label={`Corrigir a autorização de ${record.subjectName ?? ''}: ${record.activity ?? ''}`}>
              Corrigir
            </Button>
            <Button variant="secondary" onClick={() => setRevoking(record)} aria-label={`Revogar a autorização de ${record.subjectName ?? ''}: ${record.activity ?? ''}`}>
              Revogar
            </Button>
          </div>
        ),
    },
  ];

  return (
    <section aria-labelledby="team-authorizations" className="team-section">
      <h2 id="team-authorizations">Autorizações assinadas</h2>
      <p className="account-muted">
        Quem está autorizado para qual atividade, assinado por você com senha. Uma correção é uma nova assinatura que revoga a anterior; nada é apagado.
      </p>
      <div className="account-row">
        <Button onClick={() => setSigning({ replaces: null })} disabled={members.length === 0}>
          Assinar autorização
        </Button>
      </div>
      {records.isPending && <Skeleton lines={3} label="Carregando as autorizações…" />}
      {records.isError && <ErrorState title="Não foi possível carregar as autorizações" message={messageOf(records.error)} onRetry={() => void records.refetch()} />}
      {records.isSuccess && (
        <Table caption="Autorizações" columns={columns} rows={authorizations} rowKey={(record) => record.id} emptyMessage="Nenhuma autorização assinada ainda." />
      )}
      <AuditTrail accountId={accountId} />
      {signing && (
        <AuthorizationDialog open onClose={() => setSigning(null)} members={members} people={matrix.data?.people ?? []} replaces={signing.replaces} sign={sign} />
      )}
      {revoking && <RevocationDialog record={revoking} onClose={() => setRevoking(null)} sign={sign} />}
    </section>
  );
}

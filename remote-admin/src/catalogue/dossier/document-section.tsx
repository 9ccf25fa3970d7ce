import { DateField, TextField, TextareaField } from '@clube/kit/forms/fields';
import { Form, FormAlert, SubmitButton, useZodForm } from '@clube/kit/forms/form';
import { ConfirmDialog } from '@clube/kit/ui/dialog';
import { Skeleton } from '@clube/kit/ui/skeleton';
import { Table, type TableColumn } from '@clube/kit/ui/table';
import { Card, ErrorState, dayjs, formatDate, formatDateTime, toast, type CatalogueKind } from '@clube/platform';
import { useState } from 'react';
import * as z from 'zod/mini';
import { wholeNumber } from './quiz-form';
import { usePublishRevision, useRevisionImpact, useRevisions, type PublishRevisionBody, type Revision, type RevisionImpact } from './api/revisions';

const DOCUMENT_CODE = /^[A-Za-z0-9][A-Za-z0-9./ _-]*$/;

/** As the API checks a revision (`api/src/modules/revisions/schemas.ts`); the API still refuses a code or number that does not follow the one in force. */
const revisionSchema = z.object({
  documentCode: z
    .string()
    .check(
      z.trim(),
      z.minLength(2, 'Informe o código do documento (ex.: POP-COL-003).'),
      z.maxLength(40, 'Use até 40 caracteres.'),
      z.regex(DOCUMENT_CODE, 'Use letras, números, ponto, barra, hífen ou sublinhado (ex.: POP-COL-003).'),
    ),
  revision: wholeNumber(0, 9999, 'Revisão: use um número inteiro de 0 a 9999.'),
  effectiveDate: z.string().check(z.refine(isCalendarDay, 'Informe a data de vigência.')),
  changeSummary: z.string().check(z.trim(), z.minLength(3, 'Diga o que mudou (ao menos 3 caracteres).'), z.maxLength(500, 'Use até 500 caracteres.')),
  dueInDays: wholeNumber(1, 365, 'Prazo: use um número inteiro de 1 a 365 dias.'),
});
type RevisionValues = z.output<typeof revisionSchema>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A real day written AAAA-MM-DD (what the date field gives). */
function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

const label = (revision: Pick<Revision, 'documentCode' | 'revision'>) => `${revision.documentCode} rev. ${revision.revision}`;

function defaults(current: Revision | null): RevisionValues {
  return {
    documentCode: current?.documentCode ?? '',
    revision: current ? String(current.revision + 1) : '1',
    effectiveDate: dayjs().format('YYYY-MM-DD'),
    changeSummary: '',
    dueInDays: '30',
  };
}

const plural = (count: number, one: string, many: string) => `${count.toLocaleString('pt-BR')} ${count === 1 ? one : many}`;

/** Who the new revision reaches, as the API counts it now; said in general words while it counts or when it cannot. */
function reach(impact: { data?: RevisionImpact; isPending: boolean; isError: boolean }): { people: string; completions: string } {
  if (impact.data) {
    const { people, completionsInForce } = impact.data;
    return {
      people: people === 0 ? 'Nenhuma pessoa tem hoje uma função que exige este item' : `${plural(people, 'pessoa tem', 'pessoas têm')} uma função que exige este item: ele volta a ser devido para elas`,
      completions: completionsInForce === 0 ? 'nenhuma conclusão em vigor é substituída' : `${plural(completionsInForce, 'conclusão em vigor passa', 'conclusões em vigor passam')} a "substituída"`,
    };
  }
  const people = impact.isPending ? 'Contando as pessoas atingidas… O item volta a ser devido para todas as pessoas cuja função o exige' : 'O item volta a ser devido para todas as pessoas cuja função o exige';
  return { people, completions: 'as conclusões em vigor passam a "substituída"' };
}

/** What publishing will do, said before the admin confirms (what `POST /v1/revisions/…` does). */
function consequences(current: Revision | null, next: PublishRevisionBody, impact: Parameters<typeof reach>[0]): string {
  const nextLabel = label(next);
  if (!current) return `${nextLabel} coloca este item sob controle de documento, vigente desde ${formatDate(next.effectiveDate)}. Nenhuma conclusão é substituída: quem já concluiu continua em dia.`;
  const due = formatDate(new Date(Date.now() + (next.dueInDays ?? 30) * DAY_MS));
  const { people, completions } = reach(impact);
  return (
    `${people}, com prazo até ${due} (${next.dueInDays} dias). ` +
    `Das conclusões de ${label(current)}, ${completions}, e os certificados dela passam a dizer "Substituído (nova revisão do documento)". ` +
    'As tentativas da avaliação recomeçam na nova revisão. Uma revisão publicada não pode ser desfeita.'
  );
}

function PublishForm({ kind, itemId, current }: { kind: CatalogueKind; itemId: string; current: Revision | null }) {
  const publish = usePublishRevision(kind, itemId);
  const form = useZodForm(revisionSchema, { defaultValues: defaults(current) });
  const [pending, setPending] = useState<PublishRevisionBody | null>(null);
  const impact = useRevisionImpact(kind, itemId, pending !== null && current !== null);

  function onSubmit(values: RevisionValues) {
    setPending({
      documentCode: current?.documentCode ?? values.documentCode.toUpperCase(),
      revision: Number(values.revision),
      effectiveDate: values.effectiveDate,
      changeSummary: values.changeSummary,
      dueInDays: Number(values.dueInDays),
    });
  }

  async function confirm(body: PublishRevisionBody) {
    const revision = await publish.mutateAsync(body);
    toast({ variant: 'success', title: current ? 'Nova revisão publicada' : 'Documento registrado', description: `${revision.label}, vigente desde ${formatDate(revision.effectiveDate)}.` });
  }

  const action = current ? 'Publicar nova revisão' : 'Registrar documento';
  return (
    <>
      <Form form={form} onSubmit={onSubmit} className="admin-form">
        <FormAlert />
        <h3 className="admin-quiz-question__title">{current ? 'Nova revisão' : 'Colocar sob controle de documento'}</h3>
        {current && (
          <p className="admin-form__block">
            Código do documento: <strong>{current.documentCode}</strong> (uma nova revisão mantém o código).
          </p>
        )}
        <div className="admin-form__row">
          {!current && <TextField name="documentCode" label="Código do documento" placeholder="POP-COL-003" maxLength={40} />}
          <TextField name="revision" label="Número da revisão" inputMode="numeric" hint={current ? `Maior que ${current.revision}.` : 'De 0 a 9999.'} className="admin-field--short" />
          <DateField name="effectiveDate" label="Vigente desde" className="admin-field--short" />
        </div>
        <TextareaField name="changeSummary" label={current ? 'O que mudou' : 'Resumo da revisão'} rows={2} maxLength={500} />
        {current && <TextField name="dueInDays" label="Prazo para a equipe refazer (dias)" inputMode="numeric" hint="De 1 a 365; contado a partir da publicação." className="admin-field--short" />}
        <SubmitButton>{action}</SubmitButton>
      </Form>
      <ConfirmDialog
        open={pending !== null}
        onClose={() => setPending(null)}
        title={pending ? `${action}: ${label(pending)}?` : action}
        message={pending ? consequences(current, pending, impact) : ''}
        confirmLabel={action}
        onConfirm={() => (pending ? confirm(pending) : undefined)}
      />
    </>
  );
}

const HISTORY_COLUMNS: TableColumn<Revision & { inForce: boolean }>[] = [
  { key: 'revision', header: 'Revisão', cell: (revision) => `${revision.label}${revision.inForce ? ' (vigente)' : ''}` },
  { key: 'effectiveDate', header: 'Vigente desde', cell: (revision) => formatDate(revision.effectiveDate) },
  { key: 'changeSummary', header: 'O que mudou', wrap: true, cell: (revision) => revision.changeSummary },
  { key: 'publishedAt', header: 'Publicada', wrap: true, cell: (revision) => `${formatDateTime(revision.publishedAt)} por ${revision.publishedByName}` },
  {
    key: 'retrainingDueAt',
    header: 'Prazo para refazer',
    cell: (revision) => (revision.retrainingDueAt ? formatDate(revision.retrainingDueAt) : revision.first ? 'Primeira revisão' : '—'),
  },
];

function History({ history }: { history: Revision[] }) {
  return (
    <Table caption="Histórico de revisões" columns={HISTORY_COLUMNS} rows={history.map((revision, index) => ({ ...revision, inForce: index === 0 }))} rowKey={(revision) => revision.id} />
  );
}

/** "Documento": the item's document code and revision in force, publishing a new one, the history (ISO/IEC 17025 §8.3). */
export function DocumentSection({ kind, itemId }: { kind: CatalogueKind; itemId: string }) {
  const revisions = useRevisions(kind, itemId);
  const current = revisions.data?.current ?? null;
  return (
    <Card>
      <section aria-labelledby="document-title">
        <h2 id="document-title" className="admin-card-title">
          Documento
        </h2>
        {revisions.isPending ? (
          <Skeleton lines={3} label="Carregando as revisões do documento…" />
        ) : revisions.isError ? (
          <ErrorState message={revisions.error.message} onRetry={() => void revisions.refetch()} />
        ) : (
          <div className="admin-stack">
            {current ? (
              <p role="status">
                Revisão vigente: <strong>{current.label}</strong>, desde {formatDate(current.effectiveDate)}.
              </p>
            ) : (
              <p className="admin-note">Este item ainda não está sob controle de documento. Registre o código (ex.: POP-COL-003) e a revisão para que certificados e dossiês citem a revisão.</p>
            )}
            {revisions.data.history.length > 0 && <History history={revisions.data.history} />}
            <PublishForm key={current?.id ?? 'none'} kind={kind} itemId={itemId} current={current} />
          </div>
        )}
      </section>
    </Card>
  );
}

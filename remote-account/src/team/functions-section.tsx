import { messageOf } from '@clube/kit/forms/form';
import { ConfirmDialog } from '@clube/kit/ui/dialog';
import { Select } from '@clube/kit/ui/select';
import { Skeleton } from '@clube/kit/ui/skeleton';
import { Button, Card, ErrorState, formatDate, toast } from '@clube/platform';
import { useState } from 'react';
import { useArchiveFunction, useAssignment, useCatalogueChoices, useFunctions, useSaveFunction, type CompetenceFunction } from './api/functions';
import type { TeamMember } from './api/get-team';
import { FunctionForm } from './function-form';

const validityText = (months: number | null) => (months === null ? 'não vence' : months === 1 ? 'vale 1 mês' : `vale ${months} meses`);

/** Who holds the function (with "Retirar") and a picker to give it to someone else of the team. */
function FunctionPeople({ accountId, fn, members }: { accountId: string; fn: CompetenceFunction; members: TeamMember[] }) {
  const assignment = useAssignment(accountId);
  const [chosen, setChosen] = useState('');
  const holders = new Set(fn.people.map((person) => person.userId));
  const candidates = members.filter((member) => !holders.has(member.userId));
  const run = (userId: string, assigned: boolean, done: string) =>
    assignment.mutate(
      { functionId: fn.id, userId, assigned },
      {
        onSuccess: () => {
          setChosen('');
          toast({ variant: 'success', title: done });
        },
      },
    );
  return (
    <div className="team-function-people">
      <h4>Quem exerce</h4>
      {fn.people.length === 0 ? (
        <p className="account-muted">Ninguém ainda.</p>
      ) : (
        <ul className="team-people-list">
          {fn.people.map((person) => (
            <li key={person.userId}>
              <span>
                {person.name} <span className="account-muted">desde {formatDate(person.assignedAt)}</span>
              </span>
              <Button
                variant="secondary"
                disabled={assignment.isPending}
                aria-label={`Retirar a função ${fn.name} de ${person.name}`}
                onClick={() => run(person.userId, false, `${person.name} não exerce mais a função ${fn.name}.`)}
              >
                Retirar
              </Button>
            </li>
          ))}
        </ul>
      )}
      {candidates.length > 0 && (
        <div className="team-assign">
          <Select
            label={`Atribuir ${fn.name} a`}
            placeholder="Escolha uma pessoa da equipe"
            options={candidates.map((member) => ({ value: member.userId, label: member.name }))}
            value={chosen}
            onChange={(event) => setChosen(event.target.value)}
          />
          <Button
            loading={assignment.isPending}
            disabled={!chosen}
            onClick={() => run(chosen, true, `Função ${fn.name} atribuída a ${members.find((m) => m.userId === chosen)?.name ?? 'a pessoa'}.`)}
          >
            Atribuir
          </Button>
        </div>
      )}
      {assignment.isError && <p role="alert">{messageOf(assignment.error)}</p>}
    </div>
  );
}

/**
 * The laboratory's functions on `/equipe` (ISO/IEC 17025 §6.2.2, 6.2.5 b): the manager names each
 * function, what it requires from the catalogue and for how long, and who holds it; edits and
 * archives it. Every change lands in the audit trail.
 */
export function FunctionsSection({ accountId, members }: { accountId: string; members: TeamMember[] }) {
  const functions = useFunctions(accountId);
  const choices = useCatalogueChoices();
  const save = useSaveFunction(accountId);
  const archive = useArchiveFunction(accountId);
  /** null: no form open; 'new': a new function; otherwise the id of the function being edited. */
  const [editing, setEditing] = useState<string | null>(null);
  const [archiving, setArchiving] = useState<CompetenceFunction | null>(null);

  const form = (fn?: CompetenceFunction) => {
    if (choices.isPending) return <Skeleton lines={3} label="Carregando o catálogo…" />;
    if (choices.isError) return <ErrorState title="Não foi possível carregar o catálogo" message={messageOf(choices.error)} onRetry={() => void choices.refetch()} />;
    return (
      <FunctionForm
        fn={fn}
        choices={choices.data}
        onCancel={() => setEditing(null)}
        onSubmit={async (body) => {
          const saved = await save.mutateAsync({ functionId: fn?.id, body });
          setEditing(null);
          toast({ variant: 'success', title: fn ? `Função ${saved.name} salva.` : `Função ${saved.name} criada.` });
        }}
      />
    );
  };

  return (
    <section aria-labelledby="team-functions" className="team-section">
      <h2 id="team-functions">Funções e requisitos</h2>
      <p className="account-muted">
        O que cada função do laboratório exige (vídeos e conteúdos do catálogo, com avaliação quando houver), por quanto tempo cada qualificação vale e quem
        exerce cada função. Cada pessoa vê o que lhe cabe em Minha trilha.
      </p>
      {editing === 'new' ? (
        <Card title="Nova função">{form()}</Card>
      ) : (
        <div className="account-row">
          <Button onClick={() => setEditing('new')}>Nova função</Button>
        </div>
      )}
      {functions.isPending && <Skeleton lines={3} label="Carregando as funções…" />}
      {functions.isError && <ErrorState title="Não foi possível carregar as funções" message={messageOf(functions.error)} onRetry={() => void functions.refetch()} />}
      {functions.isSuccess && functions.data.data.length === 0 && editing !== 'new' && (
        <p>Nenhuma função ainda. Crie a primeira — por exemplo, “Técnico de coleta” exigindo o POP de coleta com validade de 12 meses.</p>
      )}
      {functions.data?.data.map((fn) =>
        editing === fn.id ? (
          <Card key={fn.id} title={`Editar ${fn.name}`}>
            {form(fn)}
          </Card>
        ) : (
          <article key={fn.id} className="team-function" aria-labelledby={`function-${fn.id}`}>
            <h3 id={`function-${fn.id}`}>{fn.name}</h3>
            {fn.description && <p>{fn.description}</p>}
            <h4>Exige (prazo de {fn.dueDays === 1 ? '1 dia' : `${fn.dueDays} dias`} para concluir)</h4>
            <ul>
              {fn.requirements.map((requirement) => (
                <li key={`${requirement.itemType}:${requirement.itemId}`}>
                  {requirement.title} — {validityText(requirement.validityMonths)}
                </li>
              ))}
            </ul>
            <FunctionPeople accountId={accountId} fn={fn} members={members} />
            <div className="account-row">
              <Button variant="secondary" onClick={() => setEditing(fn.id)} aria-label={`Editar a função ${fn.name}`}>
                Editar
              </Button>
              <Button variant="secondary" onClick={() => setArchiving(fn)} aria-label={`Arquivar a função ${fn.name}`}>
                Arquivar
              </Button>
            </div>
          </article>
        ),
      )}
      <ConfirmDialog
        open={archiving !== null}
        onClose={() => setArchiving(null)}
        title={`Arquivar a função ${archiving?.name ?? ''}?`}
        message="Ela sai da lista, da trilha de quem a exerce e da matriz; ninguém mais a exerce. O que cada pessoa concluiu, as autorizações e a trilha de auditoria continuam guardados."
        confirmLabel="Arquivar"
        tone="danger"
        onConfirm={async () => {
          if (!archiving) return;
          await archive.mutateAsync(archiving.id);
          toast({ variant: 'success', title: `Função ${archiving.name} arquivada.` });
        }}
      />
    </section>
  );
}

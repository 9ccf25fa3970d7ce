import { TextareaField, TextField } from '@clube/kit/forms/fields';
import { Form, FormAlert, messageOf, SubmitButton, useZodForm } from '@clube/kit/forms/form';
import { Badge, StatusBadge } from '@clube/kit/ui/badge';
import { Pagination } from '@clube/kit/ui/pagination';
import { Skeleton } from '@clube/kit/ui/skeleton';
import { Tabs } from '@clube/kit/ui/tabs';
import { Button, Card, EmptyState, ErrorState, formatDate, PageLayout, toast } from '@clube/platform';
import { Link, useSearchParams } from 'react-router-dom';
import * as z from 'zod/mini';
import '../shared/account.css';
import { useCreateSuggestion } from './api/create-suggestion';
import { useSuggestions } from './api/get-suggestions';
import { useVoteSuggestion } from './api/vote-suggestion';

const trimmed = (min: number, max: number, tooShort: string) =>
  z.pipe(
    z.string(),
    z.transform((value) => value.trim()),
  ).check(z.minLength(min, tooShort), z.maxLength(max, `Use no máximo ${max} caracteres.`));

const suggestionSchema = z.object({
  subject: trimmed(3, 120, 'Escreva um assunto com pelo menos 3 caracteres.'),
  message: trimmed(10, 2000, 'Conte um pouco mais: pelo menos 10 caracteres.'),
});

function SuggestForm({ onCreated }: { onCreated: () => void }) {
  const create = useCreateSuggestion();
  const form = useZodForm(suggestionSchema, { defaultValues: { subject: '', message: '' } });
  return (
    <Form
      form={form}
      onSubmit={async (body) => {
        await create.mutateAsync(body);
        form.reset({ subject: '', message: '' });
        toast({ variant: 'success', title: 'Sugestão enviada.', description: 'Acompanhe o andamento em "Minhas sugestões".', duration: 5000 });
        onCreated();
      }}
    >
      <FormAlert />
      <TextField label="Assunto" name="subject" maxLength={120} />
      <TextareaField label="Mensagem" name="message" rows={4} maxLength={2000} hint="O que você gostaria de aprender ou ver no Clube?" />
      <SubmitButton>Enviar sugestão</SubmitButton>
    </Form>
  );
}

function ListSkeleton() {
  return (
    <div aria-busy="true">
      <Skeleton lines={3} label="Carregando sugestões…" />
    </div>
  );
}

function votesLabel(votes: number) {
  return votes === 1 ? '1 voto' : `${votes} votos`;
}

function OpenSuggestions() {
  const list = useSuggestions('open');
  const vote = useVoteSuggestion();

  if (list.isPending) return <ListSkeleton />;
  if (list.isError) return <ErrorState message={messageOf(list.error)} onRetry={() => void list.refetch()} />;
  if (list.rows.length === 0) {
    return (
      <EmptyState title="Nenhuma sugestão aberta">
        <p>Seja o primeiro: sugira um tema no formulário acima.</p>
      </EmptyState>
    );
  }
  return (
    <>
      <ul className="account-list" aria-label="Sugestões abertas">
        {list.rows.map((suggestion) => (
          <li key={suggestion._id} className="account-list__item">
            <h3 className="account-list__title">{suggestion.subject}</h3>
            <p className="account-muted">{suggestion.message}</p>
            <div className="account-row">
              <StatusBadge status={suggestion.status} />
              <span>{votesLabel(suggestion.votes)}</span>
              {suggestion.mine && <Badge>Sua sugestão</Badge>}
              {suggestion.votedByMe ? (
                <Badge tone="success">Você votou</Badge>
              ) : (
                <Button
                  variant="secondary"
                  loading={vote.isPending && vote.variables === suggestion._id}
                  aria-label={`Votar em "${suggestion.subject}"`}
                  onClick={() =>
                    vote.mutate(suggestion._id, {
                      onError: (error) => toast({ variant: 'danger', title: 'Não foi possível votar.', description: messageOf(error), duration: 6000 }),
                    })
                  }
                >
                  Votar
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
      <Pagination page={list.params.page} limit={list.params.limit} total={list.total} onPageChange={list.setPage} busy={list.isPlaceholderData} />
    </>
  );
}

function answerPath(answer: { itemType: 'CONTENT' | 'VIDEO'; slug: string | null }): string | null {
  if (!answer.slug) return null;
  return answer.itemType === 'VIDEO' ? `/videos/${answer.slug}` : `/conteudos/${answer.slug}`;
}

function MySuggestions() {
  const list = useSuggestions('mine');

  if (list.isPending) return <ListSkeleton />;
  if (list.isError) return <ErrorState message={messageOf(list.error)} onRetry={() => void list.refetch()} />;
  if (list.rows.length === 0) {
    return (
      <EmptyState title="Você ainda não enviou sugestões">
        <p>Use o formulário acima para sugerir um tema: avisamos aqui quando ele for analisado e publicado.</p>
      </EmptyState>
    );
  }
  return (
    <>
      <ul className="account-list" aria-label="Minhas sugestões">
        {list.rows.map((suggestion) => {
          const path = suggestion.answer ? answerPath(suggestion.answer) : null;
          return (
            <li key={suggestion._id} className="account-list__item">
              <h3 className="account-list__title">{suggestion.subject}</h3>
              <p className="account-muted">
                Enviada em {formatDate(suggestion.createdAt)} · {votesLabel(suggestion.votes)}
              </p>
              <div className="account-row">
                <StatusBadge status={suggestion.status} />
                {suggestion.answer && path && (
                  <Link to={path}>
                    {suggestion.answer.itemType === 'VIDEO' ? 'Assistir' : 'Ler'}: {suggestion.answer.title ?? 'o conteúdo publicado'}
                  </Link>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <Pagination page={list.params.page} limit={list.params.limit} total={list.total} onPageChange={list.setPage} busy={list.isPlaceholderData} />
    </>
  );
}

const LIST_PARAM = 'lista';
const MINE = 'minhas';

/** `/sugestoes`: suggest a topic, vote (once) on the open ones, follow your own. The tab is kept in the URL (`?lista=minhas`). */
export function SuggestionsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const selected = searchParams.get(LIST_PARAM) === MINE ? MINE : 'abertas';

  function select(id: string) {
    setSearchParams((previous) => {
      const next = new URLSearchParams(previous);
      next.delete('page');
      if (id === MINE) next.set(LIST_PARAM, MINE);
      else next.delete(LIST_PARAM);
      return next;
    });
  }

  return (
    <PageLayout title="Sugestões" description="Sugira temas para o Clube e vote nas ideias de outros membros.">
      <div className="account-stack">
        <Card title="Sugerir um tema">
          <SuggestForm onCreated={() => select(MINE)} />
        </Card>
        <Card>
          <Tabs
            label="Listas de sugestões"
            selected={selected}
            onSelect={select}
            tabs={[
              { id: 'abertas', label: 'Sugestões abertas', content: selected === 'abertas' ? <OpenSuggestions /> : null },
              { id: MINE, label: 'Minhas sugestões', content: selected === MINE ? <MySuggestions /> : null },
            ]}
          />
        </Card>
      </div>
    </PageLayout>
  );
}

import { StatusBadge } from '@clube/kit/ui/badge';
import { Dialog } from '@clube/kit/ui/dialog';
import { ListFilters, SearchBox } from '@clube/kit/ui/list-filters';
import { PaginatedTable } from '@clube/kit/ui/query-table';
import { Select } from '@clube/kit/ui/select';
import { type TableColumn } from '@clube/kit/ui/table';
import { Button, PageLayout, formatDate, toast, type ApiResponse } from '@clube/platform';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useSuggestions } from './api/get-suggestions';
import { useAnswerCandidates, useUpdateSuggestion, type ItemType, type SuggestionChanges } from './api/update-suggestion';

type Suggestion = ApiResponse<'/v1/suggestions/'>['data'][number];

const STATUS_OPTIONS = [
  { value: '', label: 'Todas' },
  { value: 'NEW', label: 'Novas' },
  { value: 'READ', label: 'Em análise' },
  { value: 'DONE', label: 'Publicadas' },
];
const SORT_OPTIONS = [
  { value: 'recent', label: 'Mais recentes' },
  { value: 'votes', label: 'Mais votadas' },
];
const TYPE_OPTIONS = [
  { value: 'CONTENT', label: 'Conteúdo' },
  { value: 'VIDEO', label: 'Vídeo' },
];

/** The steps forward each status allows, as the API's (NEW → READ → DONE, NEW → DONE); going back is a 409. */
const TO_READ = { status: 'READ', label: 'Marcar em análise' } as const;
const TO_DONE = { status: 'DONE', label: 'Marcar como publicada' } as const;
const NEXT = { NEW: [TO_READ, TO_DONE], READ: [TO_DONE], DONE: [] } as const;

function answerPath(answer: NonNullable<Suggestion['answer']>): string | null {
  if (!answer.slug) return null;
  return answer.itemType === 'VIDEO' ? `/videos/${answer.slug}` : `/conteudos/${answer.slug}`;
}

function AnswerDialog({ suggestion, onClose, onPick }: { suggestion: Suggestion | null; onClose: () => void; onPick: (changes: SuggestionChanges, title: string) => Promise<void> }) {
  const [itemType, setItemType] = useState<ItemType>('CONTENT');
  const [search, setSearch] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const candidates = useAnswerCandidates(itemType, search);
  const rows = candidates.data ?? [];

  async function pick(itemId: string, title: string) {
    setFailure(null);
    try {
      await onPick({ answer: { itemId, itemType } }, title);
      setSearch('');
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'Algo deu errado. Tente novamente.');
    }
  }

  return (
    <Dialog
      open={suggestion !== null}
      onClose={() => {
        setFailure(null);
        onClose();
      }}
      title="Vincular a resposta"
      description={suggestion ? `O conteúdo ou vídeo que atende à sugestão “${suggestion.subject}”.` : undefined}
    >
      <Select label="Tipo" options={TYPE_OPTIONS} value={itemType} onChange={(event) => setItemType(event.target.value === 'VIDEO' ? 'VIDEO' : 'CONTENT')} />
      <SearchBox region="Procurar a resposta" label="Título" buttonLabel="Procurar" value={search} onSearch={(text) => setSearch(text.trim())} />
      {failure && (
        <p className="clube-input__error" role="alert">
          {failure}
        </p>
      )}
      {search.length < 2 ? (
        <p className="admin-note">Digite pelo menos 2 letras do título e clique em Procurar.</p>
      ) : candidates.isPending ? (
        <p className="admin-note">Procurando…</p>
      ) : candidates.isError ? (
        <p className="clube-input__error" role="alert">
          {candidates.error.message}
        </p>
      ) : rows.length === 0 ? (
        <p className="admin-note">Nada com esse título. Tente outra palavra ou o outro tipo.</p>
      ) : (
        <ul className="admin-list">
          {rows.map((item) => (
            <li key={item._id}>
              <Button variant="ghost" onClick={() => void pick(item._id, item.title)}>
                Vincular “{item.title}”
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}

/** `/admin/sugestoes`: what members asked for, by status and votes; each moves NEW → READ → DONE and links the content that answered it. */
export function SuggestionsPage() {
  const suggestions = useSuggestions();
  const { params } = suggestions;
  const update = useUpdateSuggestion();
  const [answering, setAnswering] = useState<Suggestion | null>(null);

  async function change(suggestion: Suggestion, changes: SuggestionChanges, title: string) {
    try {
      await update.mutateAsync({ id: suggestion._id, changes });
      toast({ variant: 'success', title, description: suggestion.subject });
    } catch (error) {
      toast({ variant: 'danger', title: 'Não foi possível mudar a sugestão', description: error instanceof Error ? error.message : undefined });
    }
  }

  const columns: TableColumn<Suggestion>[] = [
    {
      key: 'subject',
      header: 'Sugestão',
      wrap: true,
      cell: (s) => (
        <>
          <strong>{s.subject}</strong>
          <br />
          {s.message}
        </>
      ),
    },
    { key: 'user', header: 'Membro', wrap: true, cell: (s) => (s.user ? <Link to={`/admin/usuarios/${s.user._id}`}>{s.user.name}</Link> : 'Membro removido') },
    { key: 'votes', header: 'Votos', align: 'end', cell: (s) => s.votes },
    { key: 'status', header: 'Situação', cell: (s) => <StatusBadge status={s.status} /> },
    {
      key: 'answer',
      header: 'Resposta',
      wrap: true,
      cell: (s) => {
        if (!s.answer) return '—';
        const path = answerPath(s.answer);
        const title = s.answer.title ?? 'Item removido';
        return path ? <Link to={path}>{title}</Link> : title;
      },
    },
    { key: 'createdAt', header: 'Enviada em', cell: (s) => formatDate(s.createdAt) },
    {
      key: 'actions',
      header: 'Ações',
      cell: (s) => {
        return (
          <div className="clube-toolbar__actions">
            {NEXT[s.status].map((next) => (
              <Button key={next.status} variant="secondary" disabled={update.isPending} onClick={() => void change(s, { status: next.status }, 'Situação alterada')} aria-label={`${next.label}: ${s.subject}`}>
                {next.label}
              </Button>
            ))}
            <Button variant="ghost" onClick={() => setAnswering(s)} aria-label={`${s.answer ? 'Trocar resposta' : 'Vincular resposta'}: ${s.subject}`}>
              {s.answer ? 'Trocar resposta' : 'Vincular resposta'}
            </Button>
            {s.answer && (
              <Button variant="ghost" disabled={update.isPending} onClick={() => void change(s, { answer: null }, 'Vínculo desfeito')} aria-label={`Desfazer vínculo: ${s.subject}`}>
                Desfazer vínculo
              </Button>
            )}
          </div>
        );
      },
    },
  ];

  return (
    <PageLayout title="Sugestões" description="O que os membros pediram, por situação e votos.">
      <ListFilters
        list={suggestions}
        filters={[
          { name: 'status', label: 'Situação', options: STATUS_OPTIONS },
          { name: 'sort', label: 'Ordem', options: SORT_OPTIONS, fallback: 'recent' },
        ]}
        pageSize
      />
      <PaginatedTable
        caption="Sugestões"
        columns={columns}
        list={suggestions}
        rowKey={(s) => s._id}
        emptyMessage={
          params.filters.status
            ? 'Nenhuma sugestão nesta situação. Escolha “Todas” em Situação para ver as outras.'
            : 'Nenhuma sugestão ainda. Elas aparecem aqui quando os membros sugerem temas na página Sugestões do Clube.'
        }
      />
      <AnswerDialog
        suggestion={answering}
        onClose={() => setAnswering(null)}
        onPick={async (changes, title) => {
          if (!answering) return;
          await update.mutateAsync({ id: answering._id, changes });
          toast({ variant: 'success', title: 'Resposta vinculada', description: `${answering.subject} → ${title}` });
          setAnswering(null);
        }}
      />
    </PageLayout>
  );
}

import { Button, Card, Input } from '@clube/platform';
import { planIntervalName } from '@clube/platform/subscription-words';
import { useState, type ReactNode } from 'react';
import * as z from 'zod/mini';
import { cnpjSchema, cpfSchema, phoneSchema } from '../brazilian/documents';
import { CepField, CnpjField, CpfField, PhoneField } from '../brazilian/masked-fields';
import { CheckboxField, DateField, RadioGroupField, SelectField, SwitchField, TextareaField, TextField } from '../forms/fields';
import { Form, FormAlert, SubmitButton, useZodForm } from '../forms/form';
import { LaboratoryForm } from '../laboratory/laboratory-form';
import { Badge, StatusBadge } from '../ui/badge';
import { Checkbox, Switch } from '../ui/checkbox';
import { DateInput } from '../ui/date-input';
import { ConfirmDialog, Dialog } from '../ui/dialog';
import { FileUpload, type UploadFile } from '../ui/file-upload';
import { ListFilters, SearchBox } from '../ui/list-filters';
import { Markdown } from '../ui/markdown';
import { Money } from '../ui/money';
import { Pagination } from '../ui/pagination';
import { RadioGroup } from '../ui/radio-group';
import { Select } from '../ui/select';
import { Skeleton } from '../ui/skeleton';
import { Table, type SortState, type TableColumn } from '../ui/table';
import { Tabs } from '../ui/tabs';
import { Textarea } from '../ui/textarea';
import './gallery.css';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card className="gallery__section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="clube-card__title">
        {title}
      </h2>
      {children}
    </Card>
  );
}

const PLANS = (['MONTHLY', 'QUARTERLY', 'YEARLY'] as const).map((interval) => ({ value: interval, label: planIntervalName(interval) }));

function FieldStates() {
  return (
    <div className="gallery__grid">
      <Input label="Texto" placeholder="Digite aqui" />
      <Input label="Com dica" hint="Aparece no certificado." />
      <Input label="Com erro" defaultValue="ana@" error="Informe um e-mail válido, como nome@exemplo.com." />
      <Input label="Desativado" defaultValue="Não editável" disabled />
      <Select label="Plano" placeholder="Selecione" options={PLANS} />
      <Select label="Plano (com erro)" placeholder="Selecione" options={PLANS} error="Escolha um plano." />
      <Textarea label="Mensagem" hint="Até 2.000 caracteres." />
      <Textarea label="Mensagem (com erro)" error="Escreva a sua sugestão." />
      <DateInput label="Data" defaultValue="2026-11-22" />
      <DateInput label="Horário" kind="time" defaultValue="14:30" />
      <div>
        <Checkbox label="Receber novidades por e-mail" defaultChecked />
        <Checkbox label="Aceito os termos" error="Aceite os termos para continuar." />
        <Checkbox label="Desativado" disabled />
      </div>
      <div>
        <Switch label="Banner ativo" defaultChecked />
        <Switch label="Destaque na home" />
      </div>
      <RadioGroup label="Acesso" name="gallery-access" defaultValue="FREE" options={[{ value: 'FREE', label: 'Livre' }, { value: 'SUBSCRIBERS', label: 'Assinantes' }, { value: 'CREDITS', label: 'Créditos' }]} />
      <RadioGroup label="Forma de pagamento" name="gallery-payment" error="Escolha uma forma de pagamento." options={[{ value: 'PIX', label: 'PIX' }, { value: 'CREDIT_CARD', label: 'Cartão' }]} />
    </div>
  );
}

const demoSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(2, 'Informe seu nome completo (pelo menos 2 letras).')),
  cpf: cpfSchema,
  cnpj: cnpjSchema,
  phone: phoneSchema,
  cep: z.string(),
  plan: z.string().check(z.minLength(1, 'Escolha um plano.')),
  startsAt: z.string().check(z.minLength(1, 'Informe a data de início.')),
  message: z.string().check(z.trim(), z.minLength(1, 'Escreva uma mensagem.')),
  access: z.string(),
  highlight: z.boolean(),
  terms: z.boolean().check(z.refine(Boolean, 'Aceite os termos para continuar.')),
});

function DemoForm() {
  const [sent, setSent] = useState<string | null>(null);
  const form = useZodForm(demoSchema, {
    defaultValues: { name: '', cpf: '', cnpj: '', phone: '', cep: '', plan: '', startsAt: '', message: '', access: 'FREE', highlight: false, terms: false },
  });
  return (
    <Form
      form={form}
      onSubmit={(values) => {
        if (values.name.toLowerCase().includes('erro')) throw new Error('A API recusou os dados (exemplo de falha).');
        setSent(JSON.stringify(values, null, 2));
      }}
    >
      <FormAlert />
      <div className="gallery__grid">
        <TextField name="name" label="Nome completo" autoComplete="name" hint='Digite "erro" para ver uma falha da API.' />
        <CpfField name="cpf" />
        <CnpjField name="cnpj" />
        <PhoneField name="phone" />
        <CepField name="cep" />
        <SelectField name="plan" label="Plano" placeholder="Selecione" options={PLANS} />
        <DateField name="startsAt" label="Início" />
        <RadioGroupField name="access" label="Acesso" options={[{ value: 'FREE', label: 'Livre' }, { value: 'CREDITS', label: 'Créditos' }]} />
      </div>
      <TextareaField name="message" label="Mensagem" />
      <SwitchField name="highlight" label="Destacar" />
      <CheckboxField name="terms" label="Aceito os termos" />
      <SubmitButton>Enviar formulário</SubmitButton>
      {sent && (
        <pre className="gallery__output" role="status">
          {sent}
        </pre>
      )}
    </Form>
  );
}

interface Invoice {
  id: string;
  dueDate: string;
  amountCents: number;
  status: string;
  member: string;
}

const INVOICES: Invoice[] = [
  { id: 'f1', member: 'Ana Souza', dueDate: '2026-09-10', amountCents: 14990, status: 'PAID' },
  { id: 'f2', member: 'Bruno Lima', dueDate: '2026-10-10', amountCents: 39990, status: 'OVERDUE' },
  { id: 'f3', member: 'Carla Dias', dueDate: '2026-11-10', amountCents: 123456, status: 'PENDING' },
  { id: 'f4', member: 'Diego Alves', dueDate: '2026-08-10', amountCents: 14990, status: 'CANCELED' },
];

const INVOICE_COLUMNS: TableColumn<Invoice>[] = [
  { key: 'member', header: 'Membro', cell: (i) => i.member, sortable: true },
  { key: 'dueDate', header: 'Vencimento', cell: (i) => i.dueDate.split('-').reverse().join('/'), sortable: true },
  { key: 'amountCents', header: 'Valor', cell: (i) => <Money cents={i.amountCents} />, sortable: true, align: 'end' },
  { key: 'status', header: 'Situação', cell: (i) => <StatusBadge status={i.status} /> },
];

function TableDemo() {
  const [sort, setSort] = useState<SortState>({ key: 'dueDate', direction: 'desc' });
  const [selected, setSelected] = useState(new Set<string>(['f2']));
  const [page, setPage] = useState(2);
  const rows = [...INVOICES].sort((a, b) => {
    const key = sort.key as keyof Invoice;
    const order = String(a[key]).localeCompare(String(b[key]), 'pt-BR', { numeric: true });
    return sort.direction === 'asc' ? order : -order;
  });
  return (
    <>
      <Table caption="Faturas" columns={INVOICE_COLUMNS} rows={rows} rowKey={(i) => i.id} rowLabel={(i) => `fatura de ${i.member}`} sort={sort} onSortChange={setSort} selected={selected} onSelectedChange={setSelected} />
      <p className="gallery__note">{selected.size} selecionada(s).</p>
      <Pagination page={page} limit={10} total={123} onPageChange={setPage} />
      <div className="gallery__stack">
        <Table caption="Faturas (carregando)" columns={INVOICE_COLUMNS} rows={[]} rowKey={(i) => i.id} status="loading" />
        <Table caption="Faturas (vazia)" columns={INVOICE_COLUMNS} rows={[]} rowKey={(i) => i.id} emptyMessage="Nenhuma fatura ainda." />
        <Table caption="Faturas (falhou)" columns={INVOICE_COLUMNS} rows={[]} rowKey={(i) => i.id} status="error" errorMessage="Não foi possível carregar as faturas." onRetry={() => undefined} />
      </div>
    </>
  );
}

const INVOICE_STATUSES = [
  { value: '', label: 'Todas' },
  { value: 'PAID', label: 'Pagas' },
  { value: 'OVERDUE', label: 'Vencidas' },
];

/** The controls above an admin list: a search applied on Enter or on the button, filters and the page size. */
function ListFiltersDemo() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<string | undefined>();
  const [limit, setLimit] = useState(10);
  const list = { params: { limit, filters: { status } }, setFilter: (_name: 'status', value: string | undefined) => setStatus(value || undefined), setLimit };
  return (
    <>
      <SearchBox region="Buscar faturas" label="Buscar pelo membro" value={search} onSearch={setSearch} />
      <ListFilters list={list} filters={[{ name: 'status', label: 'Situação', options: INVOICE_STATUSES }]} pageSize />
      <p className="gallery__note">
        Busca: “{search}” · situação: {INVOICE_STATUSES.find((option) => option.value === (status ?? ''))?.label.toLowerCase()} · {limit} por página.
      </p>
    </>
  );
}

function DialogDemo() {
  const [open, setOpen] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const [result, setResult] = useState('');
  return (
    <div className="gallery__row">
      <Button onClick={() => setOpen(true)}>Abrir diálogo</Button>
      <Button variant="danger" onClick={() => setConfirm(true)}>
        Excluir conteúdo
      </Button>
      <span role="status">{result}</span>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Editar banner"
        description="Mude o título e o link do banner."
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancelar
            </Button>
            <Button
              onClick={() => {
                setOpen(false);
                setResult('Banner salvo.');
              }}
            >
              Salvar
            </Button>
          </>
        }
      >
        <Input label="Título do banner" defaultValue="Semana da biossegurança" />
        <Input label="Link" type="url" defaultValue="https://clube.example/videos" />
      </Dialog>
      <ConfirmDialog
        open={confirm}
        onClose={() => setConfirm(false)}
        title="Excluir conteúdo?"
        message="Esta ação não pode ser desfeita."
        confirmLabel="Excluir"
        tone="danger"
        onConfirm={() => new Promise<void>((resolve) => setTimeout(() => (setResult('Conteúdo excluído.'), resolve()), 600))}
      />
    </div>
  );
}

/** A stand-in upload: progress in steps, honouring Cancel, as axios' onUploadProgress would report it. */
const fakeUpload: UploadFile = (_file, { signal, onProgress }) =>
  new Promise((resolve, reject) => {
    let progress = 0;
    const timer = setInterval(() => {
      progress = Math.min(1, progress + 0.1);
      onProgress(progress);
      if (progress >= 1) {
        clearInterval(timer);
        resolve({ url: '/uploads/demo' });
      }
    }, 300);
    signal.addEventListener('abort', () => {
      clearInterval(timer);
      reject(new Error('canceled'));
    });
  });

const MARKDOWN = `## Boas práticas na bancada

Antes de **pipetar**, confira:

1. EPIs completos
2. Bancada limpa com álcool 70%

> Dica: consulte a [norma da Anvisa](https://www.gov.br/anvisa).

<script>alert('isto não roda')</script>
<img src="x" onerror="alert('nem isto')" alt="">`;

export function Gallery() {
  return (
    <main className="clube-page gallery">
      <header className="clube-page__header">
        <div>
          <h1 className="clube-page__title">Kit do Clube</h1>
          <p className="clube-page__description">Todos os componentes de @clube/kit e seus estados.</p>
        </div>
      </header>
      <nav aria-label="Seções" className="gallery__nav">
        {[
          ['campos', 'Campos'],
          ['formulario', 'Formulário'],
          ['laboratorio', 'Laboratório'],
          ['tabela', 'Tabela'],
          ['dialogos', 'Diálogos'],
          ['abas', 'Abas'],
          ['envio', 'Envio de arquivo'],
          ['markdown', 'Markdown'],
          ['indicadores', 'Indicadores'],
        ].map(([id, label]) => (
          <a key={id} href={`#${id}`}>
            {label}
          </a>
        ))}
      </nav>
      <Section id="campos" title="Campos e seus estados">
        <FieldStates />
      </Section>
      <Section id="formulario" title="Formulário (react-hook-form + zod)">
        <DemoForm />
      </Section>
      <Section id="laboratorio" title="LaboratoryForm (onboarding e /usuario/laboratorio)">
        <LaboratoryForm onSubmit={() => new Promise((resolve) => setTimeout(resolve, 500))} submitLabel="Salvar laboratório" />
      </Section>
      <Section id="tabela" title="Tabela, filtros e paginação">
        <ListFiltersDemo />
        <TableDemo />
      </Section>
      <Section id="dialogos" title="Diálogos">
        <DialogDemo />
      </Section>
      <Section id="abas" title="Abas">
        <Tabs
          label="Minha assinatura"
          tabs={[
            { id: 'resumo', label: 'Resumo', content: <p>Plano Trimestral, ativo até 22/02/2027.</p> },
            { id: 'faturas', label: 'Faturas', content: <p>3 faturas pagas.</p> },
            { id: 'creditos', label: 'Créditos', content: <p>12 créditos disponíveis.</p> },
          ]}
        />
      </Section>
      <Section id="envio" title="Envio de arquivo">
        <FileUpload label="Capa do conteúdo" accept={['image/png', 'image/jpeg']} acceptLabel="PNG ou JPG" maxBytes={2 * 1024 * 1024} upload={fakeUpload} />
      </Section>
      <Section id="markdown" title="Markdown (sanitizado)">
        <Markdown source={MARKDOWN} />
      </Section>
      <Section id="indicadores" title="Selos, valores e carregamento">
        <div className="gallery__row">
          {['ACTIVE', 'PENDING', 'PAUSED', 'CANCELED', 'PAID', 'OVERDUE', 'DRAFT', 'PUBLISHED', 'NEW', 'READ', 'DONE'].map((status) => (
            <StatusBadge key={status} status={status} />
          ))}
          <Badge tone="info">Novo</Badge>
        </div>
        <p>
          Plano anual: <Money cents={123456} /> · Mensal: <Money cents={4990} />
        </p>
        <Skeleton lines={3} label="Carregando conteúdos…" />
      </Section>
    </main>
  );
}

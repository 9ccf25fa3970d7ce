import { RadioGroupField, SelectField, TextField, TextareaField } from '@clube/kit/forms/fields';
import { Form, FormAlert, SubmitButton, useZodForm } from '@clube/kit/forms/form';
import { Checkbox } from '@clube/kit/ui/checkbox';
import { Dialog } from '@clube/kit/ui/dialog';
import { Button, useAuth } from '@clube/platform';
import { useWatch } from 'react-hook-form';
import * as z from 'zod/mini';
import type { SignedRecord, Signing } from './api/authorizations';
import type { MatrixPerson } from './api/competence';
import type { TeamMember } from './api/get-team';

const password = z.string().check(z.minLength(1, 'Digite sua senha para assinar.'));

const authorizationSchema = z.object({
  userId: z.string().check(z.minLength(1, 'Escolha a pessoa autorizada.')),
  activity: z.string().check(z.trim(), z.minLength(3, 'Descreva a atividade autorizada, com pelo menos 3 letras.'), z.maxLength(200, 'Use até 200 caracteres.')),
  meaning: z.enum(['AUTHORIZE', 'REVIEW_APPROVE'], 'Escolha o significado da assinatura.'),
  requiredItems: z.array(z.string()),
  reason: z.string().check(z.trim(), z.maxLength(1000, 'Use até 1.000 caracteres.')),
  password,
});
type AuthorizationValues = z.input<typeof authorizationSchema>;

const revocationSchema = z.object({
  reason: z.string().check(z.trim(), z.minLength(3, 'Diga por que a autorização é revogada.'), z.maxLength(1000, 'Use até 1.000 caracteres.')),
  password,
});

const MEANINGS = [
  { value: 'AUTHORIZE', label: 'Autorizo' },
  { value: 'REVIEW_APPROVE', label: 'Revisei e aprovo' },
] as const;

const STATUS_WORDS: Record<MatrixPerson['cells'][number]['status'], string> = {
  VALID: 'em dia',
  EXPIRING: 'vence em breve',
  EXPIRED: 'vencido',
  REVISION_DUE: 'nova revisão a fazer',
  PENDING: 'a fazer',
};

/**
 * The end of every signing form: who signs, as the record will print it (the profile's name, which the
 * API takes), the password asked again, the failure if any, and the buttons.
 */
function Signature({ submitLabel, danger = false, onClose }: { submitLabel: string; danger?: boolean; onClose: () => void }) {
  const { profile } = useAuth();
  return (
    <>
      <p className="team-signer">
        Assinatura eletrônica de <strong>{profile?.name ?? '—'}</strong>, com data e hora. Para assinar, confirme sua senha: ela não fica guardada.
      </p>
      <TextField name="password" type="password" label="Sua senha" autoComplete="current-password" />
      <FormAlert />
      <div className="account-row">
        <SubmitButton variant={danger ? 'danger' : 'primary'}>{submitLabel}</SubmitButton>
        <Button variant="secondary" onClick={onClose}>
          Cancelar
        </Button>
      </div>
    </>
  );
}

/** The items of the chosen person's functions, to require passed (in the revision in force) before the authorization. */
function RequiredItems({ people, selected, onChange }: { people: MatrixPerson[]; selected: string[]; onChange: (next: string[]) => void }) {
  const userId = useWatch<AuthorizationValues, 'userId'>({ name: 'userId' });
  const cells = people.find((person) => person.userId === userId)?.cells ?? [];
  const unique = [...new Map(cells.map((cell) => [`${cell.itemType}:${cell.itemId}`, cell])).entries()];
  if (!userId) return null;
  return (
    <fieldset className="team-fieldset">
      <legend>Itens que a pessoa precisa ter concluído (opcional)</legend>
      {unique.length === 0 ? (
        <p className="account-muted">Esta pessoa não tem função com requisitos; a autorização pode ser assinada sem itens exigidos.</p>
      ) : (
        unique.map(([key, cell]) => (
          <Checkbox
            key={key}
            label={`${cell.title}${cell.document ? ` (${cell.document})` : ''} — ${STATUS_WORDS[cell.status]}`}
            checked={selected.includes(key)}
            onChange={(event) => onChange(event.target.checked ? [...selected, key] : selected.filter((value) => value !== key))}
          />
        ))
      )}
    </fieldset>
  );
}

export interface AuthorizationDialogProps {
  open: boolean;
  onClose: () => void;
  members: TeamMember[];
  people: MatrixPerson[];
  /** A correction: the new record revokes this one (same person). */
  replaces?: SignedRecord | null;
  sign: (password: string, signing: Signing) => Promise<unknown>;
}

/** "Assinar autorização" (mounted while open, so each opening starts empty): person, activity, required items, meaning, then the password again (21 CFR 11.50 / 11.200). */
export function AuthorizationDialog({ open, onClose, members, people, replaces, sign }: AuthorizationDialogProps) {
  const form = useZodForm(authorizationSchema, {
    defaultValues: {
      userId: replaces?.subjectUserId ?? '',
      activity: replaces?.activity ?? '',
      meaning: 'AUTHORIZE',
      requiredItems: replaces?.requiredItems.map((item) => `${item.itemType}:${item.itemId}`) ?? [],
      reason: '',
      password: '',
    },
  });
  const selected = useWatch({ control: form.control, name: 'requiredItems' });
  return (
    <Dialog open={open} onClose={onClose} title={replaces ? 'Corrigir a autorização' : 'Assinar autorização'} description={replaces ? 'A nova autorização assinada revoga a anterior; as duas ficam no histórico.' : undefined}>
      <Form
        form={form}
        onSubmit={async (values) => {
          await sign(values.password, {
            kind: 'authorize',
            body: {
              userId: values.userId,
              activity: values.activity,
              meaning: values.meaning,
              requiredItems: values.requiredItems.map((key) => {
                const [itemType, itemId] = key.split(':') as ['VIDEO' | 'CONTENT', string];
                return { itemType, itemId };
              }),
              ...(values.reason ? { reason: values.reason } : {}),
              ...(replaces ? { replaces: replaces.id } : {}),
            },
          });
          onClose();
        }}
      >
        <SelectField name="userId" label="Pessoa" placeholder="Escolha uma pessoa da equipe" options={members.map((member) => ({ value: member.userId, label: member.name }))} disabled={Boolean(replaces)} />
        <TextField name="activity" label="Atividade autorizada" placeholder="Coleta de sangue venoso" maxLength={200} autoComplete="off" />
        <RequiredItems people={people} selected={selected} onChange={(next) => form.setValue('requiredItems', next)} />
        <RadioGroupField name="meaning" label="Significado da assinatura" options={MEANINGS} />
        <TextareaField name="reason" label={replaces ? 'O que muda nesta correção (opcional)' : 'Observação (opcional)'} rows={2} maxLength={1000} />
        <Signature submitLabel="Assinar" onClose={onClose} />
      </Form>
    </Dialog>
  );
}

/** "Revogar" (mounted while open): the reason, then the password again; the revocation is a signed record of its own. */
export function RevocationDialog({ record, onClose, sign }: { record: SignedRecord | null; onClose: () => void; sign: (password: string, signing: Signing) => Promise<unknown> }) {
  const form = useZodForm(revocationSchema, { defaultValues: { reason: '', password: '' } });
  return (
    <Dialog open={record !== null} onClose={onClose} title="Revogar a autorização" description={record ? `${record.subjectName ?? 'Pessoa'} — ${record.activity ?? ''}` : undefined}>
      <Form
        form={form}
        onSubmit={async (values) => {
          if (!record) return;
          await sign(values.password, { kind: 'revoke', recordId: record.id, reason: values.reason });
          onClose();
        }}
      >
        <TextareaField name="reason" label="Motivo da revogação" rows={2} maxLength={1000} />
        <Signature submitLabel="Assinar a revogação" danger onClose={onClose} />
      </Form>
    </Dialog>
  );
}

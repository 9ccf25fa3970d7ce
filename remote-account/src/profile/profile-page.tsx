import { TextField } from '@clube/kit/forms/fields';
import { Form, FormAlert, messageOf, SubmitButton, useZodForm } from '@clube/kit/forms/form';
import { Badge } from '@clube/kit/ui/badge';
import { Dialog } from '@clube/kit/ui/dialog';
import { Button, Card, formatDate, Input, PageLayout, toast, useAuth } from '@clube/platform';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import * as z from 'zod/mini';
import '../shared/account.css';
import { useAcceptLegal, useLegal } from './api/accept-legal';
import { useDeleteAccount } from './api/delete-account';
import { useExportMyData } from './api/export-my-data';
import { useUpdateName } from './api/update-name';

const CONFIRMATION = 'EXCLUIR';

const nameSchema = z.object({
  name: z.pipe(
    z.string(),
    z.transform((value) => value.trim()),
  ).check(z.minLength(2, 'Informe seu nome completo.'), z.maxLength(120, 'Use no máximo 120 caracteres.')),
});

function NameForm({ name }: { name: string }) {
  const update = useUpdateName();
  const form = useZodForm(nameSchema, { defaultValues: { name } });
  return (
    <Form
      form={form}
      onSubmit={async ({ name: next }) => {
        await update.mutateAsync(next);
        form.reset({ name: next });
        toast({ variant: 'success', title: 'Nome atualizado.', duration: 4000 });
      }}
    >
      <FormAlert />
      <TextField label="Nome" name="name" autoComplete="name" />
      <SubmitButton>Salvar nome</SubmitButton>
    </Form>
  );
}

function ResendVerification() {
  const { actions } = useAuth();
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  async function resend() {
    setState('sending');
    try {
      await actions.sendEmailVerification();
      setState('sent');
      toast({ variant: 'success', title: 'E-mail de confirmação enviado.', description: 'Abra o link que enviamos para confirmar seu endereço.' });
    } catch (error) {
      setState('idle');
      toast({ variant: 'danger', title: 'Não foi possível enviar o e-mail.', description: error instanceof Error && error.message ? error.message : 'Tente novamente em instantes.' });
    }
  }
  return (
    <>
      <p className="account-muted">
        {state === 'sent'
          ? 'Enviamos um novo e-mail de confirmação. Procure também na caixa de spam; depois de confirmar, entre de novo para ver o selo.'
          : 'Procure na sua caixa de entrada o e-mail de confirmação que enviamos quando você criou a conta.'}
      </p>
      <p>
        <Button variant="secondary" loading={state === 'sending'} disabled={state === 'sent'} onClick={() => void resend()}>
          Reenviar e-mail de confirmação
        </Button>
      </p>
    </>
  );
}

function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const remove = useDeleteAccount();
  const confirmed = typed.trim() === CONFIRMATION;

  function close() {
    if (remove.isPending) return;
    setOpen(false);
    setTyped('');
    remove.reset();
  }

  return (
    <Card title="Excluir minha conta">
      <p className="account-muted">
        Sua assinatura é cancelada na hora, seus dados pessoais (perfil, laboratório, conteúdos desbloqueados, progresso e sugestões) são apagados e
        você sai do Clube. As faturas continuam guardadas sem dados pessoais, como a lei fiscal exige. Não dá para desfazer.
      </p>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Excluir minha conta
      </Button>
      <Dialog
        open={open}
        onClose={close}
        title="Excluir minha conta"
        description={`Para confirmar, digite ${CONFIRMATION} abaixo. Sua conta e seus dados pessoais serão apagados e você sairá do Clube.`}
        footer={
          <>
            <Button variant="secondary" onClick={close} disabled={remove.isPending}>
              Cancelar
            </Button>
            <Button variant="danger" disabled={!confirmed} loading={remove.isPending} onClick={() => remove.mutate()}>
              Excluir definitivamente
            </Button>
          </>
        }
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (confirmed) remove.mutate();
          }}
        >
          <Input label={`Digite ${CONFIRMATION}`} value={typed} onChange={(event) => setTyped(event.target.value)} autoComplete="off" data-autofocus />
        </form>
        {remove.isError && (
          <p className="clube-input__error" role="alert">
            {messageOf(remove.error)}
          </p>
        )}
      </Dialog>
    </Card>
  );
}

/**
 * The consent to the terms of use and the privacy policy (LGPD): which versions were accepted and
 * when; when the documents changed since (or nothing was recorded), the current ones can be accepted.
 */
function Consent() {
  const { profile } = useAuth();
  const consent = profile?.consent ?? null;
  const legal = useLegal(!consent?.current);
  const accept = useAcceptLegal();
  return (
    <Card title="Termos e privacidade">
      {consent ? (
        <p>
          Você aceitou os <Link to="/termos-de-uso">Termos de uso</Link> (versão {consent.termsVersion}) e a <Link to="/politica-de-privacidade">Política de privacidade</Link> (versão{' '}
          {consent.privacyVersion}) em {formatDate(consent.acceptedAt)}.
        </p>
      ) : (
        <p>
          Nenhum aceite registrado. Leia os <Link to="/termos-de-uso">Termos de uso</Link> e a <Link to="/politica-de-privacidade">Política de privacidade</Link>.
        </p>
      )}
      {consent?.current === false && <p className="account-muted">Os documentos mudaram depois do seu aceite. Leia as versões atuais.</p>}
      {(!consent || !consent.current) && legal.data && (
        <Button
          variant="secondary"
          loading={accept.isPending}
          onClick={() => accept.mutate(legal.data, { onSuccess: () => toast({ variant: 'success', title: 'Aceite registrado.', duration: 4000 }) })}
        >
          Li e aceito as versões atuais
        </Button>
      )}
      {accept.isError && (
        <p className="clube-input__error" role="alert">
          {messageOf(accept.error)}
        </p>
      )}
    </Card>
  );
}

/** `/usuario`: name, e-mail and its verification, password, the consent to the terms, the LGPD export and the account's deletion. */
export function ProfilePage() {
  const { profile, user } = useAuth();
  const exportData = useExportMyData();
  const email = user?.email ?? profile?.email ?? '';

  return (
    <PageLayout title="Meu perfil" description="Seus dados de acesso ao Clube.">
      <div className="account-stack">
        <Card title="Seus dados">
          {profile && <NameForm name={profile.name} />}
        </Card>

        <Card title="E-mail e senha">
          <div className="account-row">
            <span>{email}</span>
            {user?.emailVerified ? <Badge tone="success">E-mail verificado</Badge> : <Badge tone="warning">E-mail não verificado</Badge>}
          </div>
          {!user?.emailVerified && <ResendVerification />}
          <p>
            <Link to="/autenticacao/atualizar-senha">Alterar minha senha</Link>
          </p>
        </Card>

        <Consent />

        <Card title="Meus dados no Clube">
          <p className="account-muted">
            Baixe um arquivo JSON com tudo o que o Clube guarda sobre você: perfil, laboratório, assinaturas, faturas, desbloqueios, progresso e sugestões.
          </p>
          <Button variant="secondary" loading={exportData.isPending} onClick={() => exportData.mutate()}>
            Baixar meus dados
          </Button>
          {exportData.isError && (
            <p className="clube-input__error" role="alert">
              {messageOf(exportData.error)}
            </p>
          )}
        </Card>

        <DeleteAccount />
      </div>
    </PageLayout>
  );
}

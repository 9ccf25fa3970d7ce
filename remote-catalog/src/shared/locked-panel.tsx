import { Button, useAuth } from '@clube/platform';
import { ConfirmDialog } from '@clube/kit/ui/dialog';
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { credits } from './format';
import type { Access } from './types';
import { useUnlockItem } from './api/unlock-item';
import './catalog.css';

export interface LockedItem {
  _id: string;
  title: string;
  access: Access;
  creditCost: number;
  lockReason: 'SIGN_IN_REQUIRED' | 'SUBSCRIPTION_REQUIRED' | 'UNLOCK_REQUIRED' | null;
  lockMessage: string | null;
}

/**
 * What a locked video or content costs and the way in: sign in, "Assine para assistir" (→ /planos),
 * or "Desbloquear por N créditos (saldo: X)" with a confirmation showing the balance before and after.
 */
export function LockedPanel({ item, itemType, verb, onUnlocked, variant = 'video' }: { item: LockedItem; itemType: 'VIDEO' | 'CONTENT'; verb: 'assistir' | 'ler'; onUnlocked?: () => void; variant?: 'video' | 'text' }) {
  const { profile } = useAuth();
  const { pathname, search } = useLocation();
  const unlock = useUnlockItem();
  const [confirming, setConfirming] = useState(false);
  const balance = profile?.credits.balance ?? 0;
  const cost = item.creditCost;
  const here = encodeURIComponent(`${pathname}${search}`);

  const subscribe = (
    <Link className="clube-button clube-button--primary" to="/planos">
      Assine para {verb}
    </Link>
  );

  const free = item.access === 'FREE';
  const signIn = (
    <Link className="clube-button clube-button--secondary" to={`/autenticacao/login?redirect=${here}`}>
      Entrar
    </Link>
  );
  let actions;
  if (item.lockReason === 'SIGN_IN_REQUIRED' && free) {
    // A free item only asks for an account: say it costs nothing, and offer to create one here.
    actions = (
      <>
        <Link className="clube-button clube-button--primary" to={`/autenticacao/registro?redirect=${here}`}>
          Criar conta grátis
        </Link>
        {signIn}
      </>
    );
  } else if (item.lockReason === 'SIGN_IN_REQUIRED') {
    actions = (
      <>
        {subscribe}
        {signIn}
      </>
    );
  } else if (item.lockReason === 'UNLOCK_REQUIRED') {
    actions = (
      <>
        <Button onClick={() => setConfirming(true)} disabled={balance < cost}>
          Desbloquear por {credits(cost)} (saldo: {balance})
        </Button>
        {balance < cost && <p>Seu saldo não é suficiente. Novos créditos chegam a cada ciclo pago da assinatura.</p>}
      </>
    );
  } else {
    actions = subscribe;
  }

  return (
    <section className={`catalog-locked${variant === 'text' ? ' catalog-locked--text' : ''}`} aria-labelledby="locked-title">
      <div>
        <h2 id="locked-title" style={{ margin: 0 }}>
          {item.access === 'CREDITS' ? `Disponível por ${credits(cost)}` : item.access === 'SUBSCRIBERS' ? 'Exclusivo para assinantes' : `Grátis: crie sua conta para ${verb}`}
        </h2>
        {free && item.lockReason === 'SIGN_IN_REQUIRED' ? (
          <p>{itemType === 'VIDEO' ? 'Este vídeo é grátis' : 'Este conteúdo é grátis'}. A conta também é: sem assinatura, sem cartão e sem PIX.</p>
        ) : (
          item.lockMessage && <p>{item.lockMessage}</p>
        )}
      </div>
      <div className="catalog-locked__actions">{actions}</div>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={`Desbloquear "${item.title}"?`}
        message={
          <>
            Saldo atual: <strong>{credits(balance)}</strong>. Depois do desbloqueio: <strong>{credits(balance - cost)}</strong>. O acesso fica com você mesmo se a
            assinatura acabar.
          </>
        }
        confirmLabel={`Desbloquear por ${credits(cost)}`}
        onConfirm={async () => {
          await unlock.mutateAsync({ itemType, itemId: item._id });
          onUnlocked?.();
        }}
      />
    </section>
  );
}

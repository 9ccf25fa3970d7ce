import { messageOf } from '@clube/kit/forms/form';
import { Money } from '@clube/kit/ui/money';
import { Skeleton } from '@clube/kit/ui/skeleton';
import { Button, ErrorState, formatDate } from '@clube/platform';
import { useEffect, useRef, useState } from 'react';
import { usePaymentStatus } from './api/get-payment-status';
import { usePixQrCode } from './api/get-pix-qr-code';

/** The current time, once a second while mounted (the countdown). */
function useNow() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const pad = (value: number) => String(value).padStart(2, '0');
  return hours > 0 ? `${hours}h ${pad(minutes)}min ${pad(seconds)}s` : `${pad(minutes)}min ${pad(seconds)}s`;
}

function CopyCode({ payload }: { payload: string }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(payload);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(null), 4000);
  }

  return (
    <div className="pix-panel__copy">
      <label className="clube-input__label" htmlFor="pix-payload">
        PIX copia e cola
      </label>
      <textarea id="pix-payload" className="clube-input__control pix-panel__payload" readOnly rows={4} value={payload} onFocus={(event) => event.currentTarget.select()} />
      <div className="account-row">
        <Button onClick={() => void copy()}>Copiar código</Button>
        <span role="status">{copied === 'yes' ? 'Código copiado!' : copied === 'failed' ? 'Não foi possível copiar. Selecione o código e copie.' : ''}</span>
      </div>
    </div>
  );
}

export interface PixPanelProps {
  subscriptionId: string;
  /** Called once, when the payment is confirmed. */
  onPaid?: () => void;
}

/**
 * The open invoice's PIX: amount, QR code, "copia e cola" with "Copiar código", a countdown to
 * its expiry and a new code once expired. While on screen it asks, every few seconds and a bounded
 * number of times, whether the payment arrived; then it says "Pagamento confirmado" by itself.
 */
export function PixPanel({ subscriptionId, onPaid }: PixPanelProps) {
  const pix = usePixQrCode(subscriptionId);
  const now = useNow();
  const expiresAt = pix.data ? Date.parse(pix.data.expiresAt) : 0;
  const expired = Boolean(pix.data) && now >= expiresAt;
  const status = usePaymentStatus(subscriptionId, pix.data?.invoiceId, !expired);
  const paid = status.paid;
  const pollsDone = status.limitReached && !expired;
  const reported = useRef(false);

  useEffect(() => {
    if (paid && !reported.current) {
      reported.current = true;
      onPaid?.();
    }
  }, [paid, onPaid]);

  if (paid) {
    return (
      <section className="pix-panel" aria-labelledby="pix-title">
        <h2 id="pix-title" className="clube-card__title">
          Pagamento confirmado
        </h2>
        <p role="status">Recebemos o seu PIX. Obrigado!</p>
      </section>
    );
  }
  if (pix.isPending) {
    return (
      <section className="pix-panel" aria-busy="true">
        <Skeleton width="220px" height="220px" label="Gerando o PIX…" />
        <Skeleton lines={2} />
      </section>
    );
  }
  if (pix.isError) return <ErrorState title="Não foi possível gerar o PIX" message={messageOf(pix.error)} onRetry={() => void pix.refetch()} />;

  const { data } = pix;
  return (
    <section className="pix-panel" aria-labelledby="pix-title">
      <h2 id="pix-title" className="clube-card__title">
        Pague com PIX
      </h2>
      <p>
        Valor: <strong><Money cents={data.amountCents} /></strong> · vencimento {formatDate(data.dueDate)}
      </p>
      {expired ? (
        <div className="pix-panel__expired">
          <p role="status">Este código PIX expirou.</p>
          <Button loading={pix.isFetching} onClick={() => void pix.refetch()}>
            Gerar novo código
          </Button>
        </div>
      ) : (
        <>
          <img className="pix-panel__qr" src={data.qrCodeDataUrl} width={220} height={220} alt="QR Code do PIX: aponte a câmera do app do seu banco" />
          <CopyCode payload={data.payload} />
          <p className="account-muted">
            <span aria-live="off">O código expira em {formatCountdown(expiresAt - now)}</span>
          </p>
          {pollsDone ? (
            <div className="account-row">
              <span>Ainda não recebemos a confirmação.</span>
              <Button variant="secondary" onClick={() => void status.refetch()} loading={status.isFetching}>
                Já paguei: verificar
              </Button>
            </div>
          ) : (
            <p className="account-muted">Assim que o pagamento chegar, esta página se atualiza sozinha.</p>
          )}
        </>
      )}
    </section>
  );
}

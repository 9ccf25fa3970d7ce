import { useEffect } from 'react';
import { dismissToast, useToastStore, type Toast } from './toast-store';

const URGENT = new Set<Toast['variant']>(['danger', 'destructive', 'warning']);

/** Renders the toast queue. The shell mounts it once; remotes only call `toast()`. */
export function Toaster() {
  const toasts = useToastStore((state) => state.toasts);
  const visible = toasts.filter((t) => t.open);

  useEffect(() => {
    if (visible.length === 0) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') dismissToast();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [visible.length]);

  return (
    <div className="clube-toaster" aria-live="polite">
      {visible.map((t) => (
        <div
          key={t.id}
          className={`clube-toast clube-toast--${t.variant}`}
          role={URGENT.has(t.variant) ? 'alert' : 'status'}
          data-variant={t.variant}
        >
          <div className="clube-toast__text">
            {t.title && <strong className="clube-toast__title">{t.title}</strong>}
            {t.description && <p className="clube-toast__description">{t.description}</p>}
          </div>
          <button type="button" className="clube-toast__close" aria-label="Fechar aviso" onClick={() => dismissToast(t.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

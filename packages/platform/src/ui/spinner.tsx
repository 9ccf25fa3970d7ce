export function Spinner({ label = 'Carregando…' }: { label?: string }) {
  return (
    <span className="clube-spinner" role="status" aria-live="polite">
      <span className="clube-spinner__circle" aria-hidden="true" />
      <span>{label}</span>
    </span>
  );
}

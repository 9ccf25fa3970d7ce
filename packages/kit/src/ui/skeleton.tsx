import './kit.css';

export interface SkeletonProps {
  /** CSS width, e.g. `60%` or `120px`. */
  width?: string;
  height?: string;
  /** How many lines of text to stand in for. */
  lines?: number;
  /** What is loading, for screen readers. */
  label?: string;
}

/** The shape of content still loading. Seen, not read: screen readers hear only `label`. */
export function Skeleton({ width = '100%', height = '1em', lines = 1, label = 'Carregando…' }: SkeletonProps) {
  return (
    <div role="status" aria-live="polite">
      <span className="clube-visually-hidden">{label}</span>
      {Array.from({ length: lines }, (_, index) => (
        <span key={index} className="clube-skeleton" aria-hidden="true" style={{ width: index === lines - 1 && lines > 1 ? '70%' : width, height }} />
      ))}
    </div>
  );
}

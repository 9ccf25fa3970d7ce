/** How much of a video the member has watched, as a bar with its number for screen readers. */
export function ProgressBar({ percent, label = 'Assistido' }: { percent: number; label?: string }) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div className="catalog-progress" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={value} aria-valuetext={`${value}% assistido`}>
      <span className="catalog-progress__fill" style={{ width: `${value}%` }} />
    </div>
  );
}

/**
 * The one slug rule of the API: what POST /contents, /videos and /categories store when no slug is
 * sent, and what GET /admin/slug-preview answers, so the admin shows exactly this (the admin
 * keeps no copy). Always matches the schemas' SLUG_PATTERN.
 */
const SLUG_MAX = 100;

/** "Coleta de sangue: boas práticas!" → "coleta-de-sangue-boas-praticas". */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
  return slug || 'item';
}

/** "item", "item-2", "item-3"… for automatic slugs that collide. */
export function slugCandidate(base: string, attempt: number): string {
  if (attempt === 0) return base;
  const suffix = `-${attempt + 1}`;
  return `${base.slice(0, SLUG_MAX - suffix.length).replace(/-+$/, '')}${suffix}`;
}

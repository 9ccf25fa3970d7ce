import slugify from 'slugify';

/** The API's slug rule (api/src/services/slug.ts): a-z, 0-9 and single hyphens, up to 100 characters. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** "Coleta de sangue: boas práticas!" → "coleta-de-sangue-boas-praticas" (slugify, Portuguese accents folded). */
export function slugFromTitle(title: string): string {
  return slugify(title, { lower: true, strict: true, locale: 'pt', trim: true })
    .replace(/-+/g, '-')
    .slice(0, 100)
    .replace(/^-+|-+$/g, '');
}

// A guide's page address (docs/product.md#guide-page): lower-case letters, digits and dashes from the name,
// with a short suffix when the plain one is taken.

const MAX = 48;

/** "María José O'Neil" → "maria-jose-oneil"; "guide" when nothing usable is left. */
export function slugBase(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX)
    .replace(/-+$/g, '');
  return base || 'guide';
}

/** The base, or the base with `-` and a suffix (e.g. 4 characters of the guide's id) when the base is taken. */
export function slugWithSuffix(base: string, suffix: string): string {
  return `${base}-${suffix.toLowerCase().replace(/[^a-z0-9]/g, '')}`;
}

/** What a slug in an address must look like (the route refuses anything else with a 404). */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

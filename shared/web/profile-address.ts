import { SlugSchema } from '../domain/designer.schema.ts';
import { MAX_Q_LENGTH } from '../domain/designer-search.schema.ts';

/**
 * What a profile address that names no listed designer can still offer a person: the slug it was meant to be
 * (a capitalised `/designer/Ana-Lopez`, from a hand-typed or reformatted link, is a permanent redirect), and
 * the words it holds as a search (`/designer/ana-lopz` finds Ana Lopez through typo tolerance).
 */
export function intendedSlug(raw: string): string | null {
  if (raw === raw.toLowerCase()) return null;
  const lowered = SlugSchema.safeParse(raw.toLowerCase());
  return lowered.success ? lowered.data : null;
}

/** The letters and digits of an address segment as search words, or null when it holds none. */
export function profileSearchWords(raw: string): string | null {
  const words = raw
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join(' ')
    .slice(0, MAX_Q_LENGTH)
    .trim();
  return words || null;
}

import { SlugSchema } from '../domain/designer.schema.ts';
import { intendedSlug, profileSearchWords } from '../web/profile-address.ts';

/**
 * The slug a model meant by what it passed: a profile address or path ("https://host/designers/ana-lopez",
 * "/designer/ana-lopez") ends in it; capitals are the model's ("Ana-Lopez"), read as the profile pages read
 * a capitalised address. Null when no slug is there.
 */
export function slugIn(raw: string): string | null {
  const segment = raw.trim().split(/[?#]/, 1)[0]!.split('/').filter(Boolean).at(-1) ?? '';
  return SlugSchema.safeParse(segment).success ? segment : intendedSlug(segment);
}

/**
 * The words to search for when what a model passed as a slug holds none: a profile or search address's last
 * part or its q ("https://host/designer/Geraldine%20Boyer", "https://host/?q=geraldine+boyer"), as lowercase
 * words; else the value itself, hyphens as spaces ("Ana Lopez" stays as written). Null when nothing is left.
 */
export function namedIn(raw: string): string | null {
  const text = raw.trim();
  if (!text.includes('/')) return text.replace(/-+/g, ' ').trim() || null;
  const [path = '', query = ''] = text.split('#', 1)[0]!.split('?', 2);
  const q = new URLSearchParams(query).get('q');
  const segment = path.split('/').filter(Boolean).at(-1) ?? '';
  return profileSearchWords(q ?? decodedOrAsIs(segment));
}

function decodedOrAsIs(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

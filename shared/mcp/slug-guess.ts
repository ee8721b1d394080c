import { SlugSchema } from '../domain/designer.schema.ts';
import { intendedSlug } from '../web/profile-address.ts';

/**
 * The slug a model meant by what it passed: a profile address or path ("https://host/designers/ana-lopez",
 * "/designer/ana-lopez") ends in it; capitals are the model's ("Ana-Lopez"), read as the profile pages read
 * a capitalised address. Null when no slug is there.
 */
export function slugIn(raw: string): string | null {
  const segment = raw.trim().split(/[?#]/, 1)[0]!.split('/').filter(Boolean).at(-1) ?? '';
  return SlugSchema.safeParse(segment).success ? segment : intendedSlug(segment);
}

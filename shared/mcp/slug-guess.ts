import { SLUG_PATTERN } from '../domain/designer.fields.ts';
/**
 * The slug a model meant by what it passed: a profile address or path ("https://host/designers/ana-lopez",
 * "/designer/ana-lopez") ends in it; capitals are the model's ("Ana-Lopez"). Null when no slug is there.
 */
export function slugIn(raw: string): string | null {
  const path = raw.trim().split(/[?#]/, 1)[0]!;
  const last = path.split('/').filter(Boolean).at(-1)?.toLowerCase();
  return last !== undefined && last.length <= 200 && SLUG_PATTERN.test(last) ? last : null;
}

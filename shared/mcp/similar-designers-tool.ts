import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { DirectoryService } from '../directory/directory-service.ts';
import { DesignerSchema } from '../domain/designer.schema.ts';
import { parseOrThrow } from '../domain/errors.ts';
import { SimilarDesignersSchema } from '../domain/similar-designers.schema.ts';
import { designerLine } from './tool-text.renderer.ts';

/** find_similar_designers: what a model reads to choose it, and its result. */
export const FIND_SIMILAR_DESIGNERS = {
  title: 'Find similar designers',
  description: [
    'Find listed designers most like one known designer (by slug): the same kind of role titles, companies and ' +
      'description words, and the same specialty. Most similar first; never the designer itself.',
    'Use it for "people like X" or "who else does this kind of work", after search_designers or get_designer gave you a slug.',
  ].join('\n'),
} as const;

export const SimilarDesignersOutputSchema = z.strictObject({
  slug: z.string().describe('The designer the results are like.'),
  results: z.array(DesignerSchema).describe('The similar designers, most similar first.'),
});
export type SimilarDesignersOutput = z.output<typeof SimilarDesignersOutputSchema>;

export function renderSimilarDesigners(slug: string, designers: readonly z.output<typeof DesignerSchema>[]): string {
  if (designers.length === 0) return `No listed designer is similar to ${slug}.`;
  return [`${designers.length} designers similar to ${slug}, most similar first:`, ...designers.map((d, i) => `${i + 1}. ${designerLine(d)}`)].join('\n');
}

/** The tool's body: parse, ask the directory, map. */
export async function findSimilarDesigners(directory: DirectoryService, args: unknown): Promise<CallToolResult> {
  const input = parseOrThrow(SimilarDesignersSchema, args);
  const results = await directory.similarDesigners(input);
  const structured: SimilarDesignersOutput = { slug: input.slug, results };
  return { structuredContent: structured, content: [{ type: 'text', text: renderSimilarDesigners(input.slug, results) }] };
}

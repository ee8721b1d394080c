import { z } from 'zod';

/** Curator state of a designer or an open role: only published records are listed. */
export const PUBLICATION_STATUSES = ['draft', 'published', 'hidden'] as const;
export const PublicationStatusSchema = z.enum(PUBLICATION_STATUSES);
export type PublicationStatus = z.infer<typeof PublicationStatusSchema>;

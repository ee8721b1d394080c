import { z } from 'zod';
import { LIMITS, plainText, webUrl } from './text.schema.ts';

export const RoleSchema = z
  .strictObject({
    title: plainText(LIMITS.title, 1),
    company: plainText(LIMITS.company, 1),
    company_url: webUrl().nullable(),
  })
  .meta({ id: 'Role', description: 'A role a designer holds or held.' });
export type Role = z.infer<typeof RoleSchema>;

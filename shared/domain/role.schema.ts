import { z } from 'zod';

export const RoleSchema = z
  .strictObject({
    title: z.string().min(1).max(200),
    company: z.string().min(1).max(200),
    company_url: z.url().nullable(),
  })
  .meta({ id: 'Role', description: 'A role a designer holds or held.' });
export type Role = z.infer<typeof RoleSchema>;

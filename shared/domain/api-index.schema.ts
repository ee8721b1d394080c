import { z } from 'zod';

export const ApiEndpointSchema = z
  .strictObject({
    method: z.string().describe('HTTP method.'),
    url: z.string().describe('Absolute URL; a {name} segment stands for a path parameter.'),
    summary: z.string(),
    operation_id: z.string().describe('The operation in the OpenAPI document.'),
  })
  .meta({ id: 'ApiEndpoint' });

export const ApiLinkSchema = z
  .strictObject({
    rel: z.string().describe('What the link is: openapi, documentation, llms-txt, mcp, site.'),
    href: z.url(),
    title: z.string(),
  })
  .meta({ id: 'ApiLink' });

/** The API's root: what a client that only knows the base URL can follow from there. */
export const ApiIndexResponseSchema = z
  .strictObject({
    success: z.literal(true),
    data: z.strictObject({
      name: z.string(),
      version: z.string().describe('Version of the API description (info.version of the OpenAPI document).'),
      description: z.string(),
      endpoints: z.array(ApiEndpointSchema).describe('Every public operation of the API.'),
      links: z.array(ApiLinkSchema),
    }),
  })
  .meta({ id: 'ApiIndex' });

export type ApiIndexResponse = z.infer<typeof ApiIndexResponseSchema>;
export type ApiLink = z.infer<typeof ApiLinkSchema>;

import { z } from 'zod';

/**
 * The schema the SDK is given for a tool's input: it advertises exactly the JSON Schema of the real
 * input schema (generated from it, so the two cannot drift), but accepts any object. The SDK's own
 * validation would answer bad arguments with its generic wording; the handler validates with the real
 * schema instead, so every invalid argument comes back as an isError result that names the field, the
 * allowed values and the allowed parameter names, whatever the SDK version does on its own.
 */
export function advertisedInput(schema: z.ZodObject): z.ZodObject {
  const { $schema: _dialect, ...jsonSchema } = z.toJSONSchema(schema, { target: 'draft-7', io: 'input' });
  // zod copies registry metadata over the generated schema, so this object lists as jsonSchema.
  return z.looseObject({}).meta(jsonSchema);
}

import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS; under NodeNext its default import is the module object.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

const DOC_ID = 'https://directory.test/openapi.json';

interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: { name: string; in: string }[]; responses: Record<string, unknown> }>>;
  components: { schemas: Record<string, unknown> };
}

const pointer = (...parts: string[]) => parts.map((p) => encodeURIComponent(p.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/');

/**
 * Validates bodies against the response schemas of the OpenAPI document the API serves, as JSON
 * Schema 2020-12 (what OpenAPI 3.1 uses), with formats checked.
 */
export class OpenApiValidator {
  private readonly ajv = new Ajv2020({ allErrors: true, strict: true });
  constructor(readonly document: OpenApiDocument) {
    // The OpenAPI document's own keywords are not JSON Schema; only the schemas inside are compiled.
    for (const keyword of ['openapi', 'info', 'servers', 'security', 'tags', 'x-tagGroups', 'paths', 'components', 'webhooks']) this.ajv.addKeyword(keyword);
    addFormats(this.ajv);
    this.ajv.addSchema({ ...document, $id: DOC_ID });
  }

  /** Throws with ajv's errors unless the body matches the documented response of this operation and status. */
  check(path: string, method: string, status: number, body: unknown): void {
    const responses = this.document.paths[path]?.[method]?.responses;
    if (!responses?.[String(status)]) throw new Error(`${method.toUpperCase()} ${path} documents no ${status} response`);
    const ref = `${DOC_ID}#/${pointer('paths', path, method, 'responses', String(status), 'content', 'application/json', 'schema')}`;
    const validate = this.ajv.getSchema(ref) ?? this.ajv.compile({ $ref: ref });
    if (!validate(body)) {
      throw new Error(`${method.toUpperCase()} ${path} ${status}: ${this.ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 500)}`);
    }
  }

  queryParameterNames(path: string): string[] {
    return (this.document.paths[path]?.get?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
  }
}

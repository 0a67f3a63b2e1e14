import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

// Validators for the schemas of an OpenAPI 3.1 document (JSON Schema 2020-12). A schema's references
// (#/components/schemas/…) are resolved against the document's components, carried beside it.

type Json = Record<string, any>;

export function schemaValidators(document: Json) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const cache = new Map<Json, ValidateFunction>();
  return {
    ajv,
    /** The validator of one schema of the document (compiled once). */
    validator(schema: Json): ValidateFunction {
      let validate = cache.get(schema);
      if (!validate) {
        validate = ajv.compile({ ...schema, components: document.components });
        cache.set(schema, validate);
      }
      return validate;
    },
  };
}

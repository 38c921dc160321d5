// Run by `npm run build`: writes ajv's standalone validators of every schema into dist/, so no command compiles schemas at start.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import standalone from 'ajv/dist/standalone/index.js';
import { PRECOMPILED_FILE, readSchema, SCHEMA_NAMES, schemaCompiler } from './schemas.js';

const ajv = schemaCompiler({ source: true });
const exports: Record<string, string> = {};
for (const name of SCHEMA_NAMES) {
  const schema = readSchema(name);
  if (!schema.$id) throw new Error(`schemas/${name}.schema.json has no $id.`);
  ajv.addSchema(schema);
  exports[name] = schema.$id;
}
// CommonJS: ajv's standalone ES module output still calls require() for its runtime helpers.
writeFileSync(fileURLToPath(new URL(PRECOMPILED_FILE, import.meta.url)), standalone.default(ajv, exports));

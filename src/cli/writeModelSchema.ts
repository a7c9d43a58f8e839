/**
 * `npm run schema`: writes docs/model-format.schema.json, the published JSON Schema of the model file, from the
 * zod schema it is generated from (src/modelfile/schema.ts). test/modelfile/schema.test.ts checks the committed
 * file is what this writes.
 */
import { writeFileSync } from 'node:fs';
import { modelJsonSchemaText } from '../modelfile/schema';

// npm runs scripts from the repository's root.
const target = 'docs/model-format.schema.json';
writeFileSync(target, modelJsonSchemaText());
console.log(`wrote ${target}`);

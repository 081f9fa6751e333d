// Writes the JSON Schemas of run.yaml and study.yaml to schemas/ (run after
// changing a config schema; test/study/config-json-schemas.test.ts fails
// while the files are stale):  node --import tsx scripts/write-schemas.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configJsonSchemas, schemaFileText } from '../src/study/config-json-schemas.js';

const dir = fileURLToPath(new URL('../schemas/', import.meta.url));
mkdirSync(dir, { recursive: true });
for (const [file, schema] of Object.entries(configJsonSchemas())) {
  writeFileSync(join(dir, file), schemaFileText(schema));
  console.log(`wrote schemas/${file}`);
}

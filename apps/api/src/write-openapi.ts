import fs from 'node:fs';
import { buildOpenApiDocument } from './platform/http/openapi.ts';

/** `tsx src/write-openapi.ts <file>`: the OpenAPI document of the endpoint contracts, for scripts/openapi-check.mjs. */
const file = process.argv[2];
if (!file) throw new Error('usage: write-openapi.ts <file>');
fs.writeFileSync(file, `${JSON.stringify(await buildOpenApiDocument(), null, 2)}\n`);

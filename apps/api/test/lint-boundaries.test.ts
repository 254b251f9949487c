import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The architecture's lint rules (eslint/architecture.js) hold for every spelling of an import: each case plants one
 * forbidden import in a file that does not exist, lints it with the repository's own config, and expects the rule's
 * error; the allowed spellings next to them pass.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: root });

async function rulesBroken(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath: path.join(root, file) });
  // Only the architecture's rules: a planted import is unused, which is not what these cases are about.
  return result!.messages
    .map((m) => m.ruleId ?? `fatal: ${m.message}`)
    .filter((rule) => !rule.endsWith('no-unused-vars'));
}

const service = 'apps/api/src/modules/bookings/planted.service.ts';
const forbidden: Array<[string, string, string, string]> = [
  [
    'another module by a relative path',
    service,
    "import { x } from '../wallet/ledger.repository.ts';",
    'api-architecture/module-faces',
  ],
  [
    'another module by the package name',
    service,
    "import { x } from '@therapy/api/modules/wallet/ledger.repository';",
    'architecture/no-own-package-name',
  ],
  [
    "another module's face by the package name",
    service,
    "import { x } from '@therapy/api/modules/wallet/wallet.module';",
    'architecture/no-own-package-name',
  ],
  [
    'another module without the extension',
    service,
    "import { x } from '../wallet/ledger.repository';",
    'api-architecture/module-faces',
  ],
  [
    'another module by export-from',
    service,
    "export { x } from '../wallet/ledger.repository.ts';",
    'api-architecture/module-faces',
  ],
  [
    'another module by a dynamic import',
    service,
    "await import('../wallet/ledger.repository.ts');",
    'api-architecture/module-faces',
  ],
  [
    'another module by a type-only import',
    service,
    "import type { X } from '../wallet/wallet.service.ts';",
    'api-architecture/module-faces',
  ],
  [
    "a module's folder inside another",
    service,
    "import { x } from '../payments/payouts/payouts.service.ts';",
    'api-architecture/module-faces',
  ],
  [
    'db/ importing platform/',
    'apps/api/src/db/planted.ts',
    "import { x } from '../platform/clock.ts';",
    'api-architecture/layer-zones',
  ],
  [
    'db/ importing a module',
    'apps/api/src/db/planted.ts',
    "import { x } from '../modules/wallet/wallet.module.ts';",
    'api-architecture/layer-zones',
  ],
  [
    'platform/ importing a module',
    'apps/api/src/platform/planted.ts',
    "import { x } from '../modules/wallet/wallet.module.ts';",
    'api-architecture/layer-zones',
  ],
  ['Drizzle in a service', service, "import { eq } from 'drizzle-orm';", 'no-restricted-imports'],
  ['a table in a service', service, "import { users } from '../../db/schema/users.ts';", 'no-restricted-imports'],
  ['pg outside db/', service, "import pg from 'pg';", 'no-restricted-imports'],
  [
    'ownership decided by hand in a service',
    service,
    "import { AppError } from '../../platform/errors.ts';\nexport const mine = (row: { authorId: string }, actor: { userId: string }) => {\n  if (row.authorId !== actor.userId) throw AppError.notFound();\n};",
    'api-architecture/access-core',
  ],
  [
    "another module's table in a repository",
    'apps/api/src/modules/bookings/planted.repository.ts',
    "import { clientProfiles } from '../../db/schema/client-profile.ts';",
    'api-architecture/table-owners',
  ],
  [
    "the user module's table beside its view",
    'apps/api/src/modules/bookings/planted.repository.ts',
    "import { people, users } from '../../db/schema/users.ts';",
    'api-architecture/table-owners',
  ],
  [
    "a module's table from platform/",
    'apps/api/src/platform/files/planted.repository.ts',
    "import { notes } from '../../db/schema/notes.ts';",
    'api-architecture/table-owners',
  ],
  [
    "another owner's table beside its query function",
    'apps/api/src/modules/availability/planted.repository.ts',
    "import { busyTimes, waitlistOffers } from '../../db/schema/waitlist.ts';",
    'api-architecture/table-owners',
  ],
  [
    'the schema index in a repository',
    'apps/api/src/modules/bookings/planted.repository.ts',
    "import { bookings } from '../../db/schema/index.ts';",
    'api-architecture/table-owners',
  ],
  [
    'a SQLSTATE read in a service',
    service,
    "export const taken = (e: { code?: string }) => e.code === '23505';",
    'no-restricted-syntax',
  ],
  [
    'isPgError in a service',
    service,
    "import { isPgError } from '../../platform/pg-errors.ts';",
    'no-restricted-imports',
  ],
  [
    'a web feature importing another',
    'apps/web/src/features/wallet/planted.tsx',
    "import { x } from '@/features/bookings/booking-card.tsx';",
    'architecture/no-cross-feature-imports',
  ],
  [
    'a web feature importing another by a relative path',
    'apps/web/src/features/wallet/planted.tsx',
    "import { x } from '../bookings/booking-card.tsx';",
    'architecture/no-cross-feature-imports',
  ],
  [
    'web lib/ importing a feature',
    'apps/web/src/lib/planted.ts',
    "import { x } from '@/features/wallet/wallet-page.tsx';",
    'architecture/web-layers',
  ],
  [
    'web components/ importing a feature',
    'apps/web/src/components/planted.tsx',
    "import { x } from '../features/wallet/wallet-page.tsx';",
    'architecture/web-layers',
  ],
  [
    'the web reaching into the API',
    'apps/web/src/lib/planted.ts',
    "import { x } from '../../../api/src/config.ts';",
    'architecture/web-layers',
  ],
  [
    'the web importing the API package',
    'apps/web/src/lib/planted.ts',
    "import { x } from '@therapy/api/config';",
    'no-restricted-imports',
  ],
];

describe('lint refuses every way round the architecture', () => {
  it.each(forbidden)('%s', async (_label, file, code, rule) => {
    expect(await rulesBroken(file, code)).toContain(rule);
  });
});

describe('lint lets the allowed imports through', () => {
  const allowed: Array<[string, string, string]> = [
    ["another module's face", service, "import { x } from '../wallet/wallet.module.ts';"],
    ["the module's own files", service, "import { x } from './bookings.repository.ts';"],
    ['platform/ from a module', service, "import { x } from '../../platform/clock.ts';"],
    ['contracts from a module', service, "import { x } from '@therapy/contracts/bookings';"],
    [
      'a SQLSTATE in a repository',
      'apps/api/src/modules/bookings/planted.repository.ts',
      "import { isPgError } from '../../platform/pg-errors.ts';\nexport const taken = (e: unknown) => isPgError(e, '23505');",
    ],
    [
      "the module's own tables, another's view and the reference lists in a repository",
      'apps/api/src/modules/bookings/planted.repository.ts',
      "import { bookings } from '../../db/schema/bookings.ts';\nimport { people } from '../../db/schema/users.ts';\nimport { states } from '../../db/schema/reference.ts';",
    ],
    [
      "another owner's query function (a read model) in a repository",
      'apps/api/src/modules/availability/planted.repository.ts',
      "import { busyTimes } from '../../db/schema/waitlist.ts';",
    ],
    [
      'ownership through the access core, and a missing thing nobody owns',
      service,
      "import { requireAccessTo, requireFound } from '../../platform/auth/access.ts';\nexport const mine = (actor: never, row: { authorId: string } | undefined, list: string | undefined) => {\n  requireFound(list);\n  return requireAccessTo(actor, 'read', row, (r) => ({ kind: 'note', authorId: r.authorId }));\n};",
    ],
    [
      'a web feature importing lib/ and components/',
      'apps/web/src/features/wallet/planted.tsx',
      "import { x } from '@/lib/format.ts';\nimport { y } from '../../components/button.tsx';",
    ],
    ['bench importing what the API exports to it', 'bench/lib/planted.ts', "import { x } from '@therapy/api/server';"],
  ];
  it.each(allowed)('%s', async (_label, file, code) => {
    expect(await rulesBroken(file, code)).toEqual([]);
  });
});

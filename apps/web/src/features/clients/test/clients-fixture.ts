import type { UserInfo } from '@therapy/contracts/auth';
import type { CsvImportResult, ProviderClientEntry } from '@therapy/contracts/clients';
import { uuid } from '@/test/fixtures';
import { jsonResponse } from '@/test/render';

export function aUser(userType: 'client' | 'provider'): UserInfo {
  return {
    identifier: uuid(userType === 'client' ? 10 : 20),
    email: `${userType}@example.com`,
    userType,
    firstName: 'Test',
    lastName: 'User',
    isSocial: false,
    emailVerified: true,
    accountActive: true,
    countryCode: 'DE',
    locale: 'en',
    timezone: 'UTC',
    createdAt: '2030-01-01T00:00:00.000Z',
  };
}

export function anEntry(overrides: Partial<ProviderClientEntry> = {}): ProviderClientEntry {
  return {
    identifier: null,
    importIdentifier: uuid(300),
    firstName: 'Lena',
    lastName: 'Berg',
    email: 'lena@example.com',
    phoneNumber: null,
    photoUrl: null,
    status: 'added',
    sources: ['import'],
    since: '2026-03-05T10:00:00.000Z',
    ...overrides,
  };
}

export const clientPage = (
  data: ProviderClientEntry[],
  { page = 1, total = data.length, totalPages = data.length ? 1 : 0 } = {},
) => jsonResponse({ data, meta: { page, pageSize: 10, total, totalPages } });

export const failure = (status: number, message: string, code = 'VALIDATION_ERROR') =>
  jsonResponse({ message, code, errors: [message], requestId: 'req-1' }, status);

export function csvResult(rows: Array<Partial<CsvImportResult['rows'][number]>>, committed = false): CsvImportResult {
  const full = rows.map((r, i) => ({
    row: i + 2,
    firstName: 'Lena',
    lastName: 'Berg',
    email: `lena${i}@example.com`,
    phoneNumber: '',
    errors: [],
    alreadyInList: false,
    ...r,
  }));
  const invalidRows = full.filter((r) => r.errors.length > 0).length;
  const alreadyInList = full.filter((r) => r.alreadyInList).length;
  return { committed, rows: full, validRows: full.length - invalidRows - alreadyInList, invalidRows, alreadyInList };
}

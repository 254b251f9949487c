import { isReferenceList } from '@therapy/contracts/reference';
import type { ReferenceItem } from '@therapy/contracts/regions';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../platform/errors.ts';
import { referenceRepository, type ReferenceItemRow } from './reference.repository.ts';

const toReferenceItem = (row: ReferenceItemRow): ReferenceItem => ({
  identifier: row.identifier,
  code: row.code,
  name: row.name,
});

/** The seeded pick lists (therapy categories, specialities, religions, ...): public, no access check needed. */
export function createReferenceService(deps: AppDeps) {
  const { db } = deps;
  return {
    async listItems(list: string): Promise<ReferenceItem[]> {
      if (!isReferenceList(list)) throw AppError.notFound();
      return (await referenceRepository.listItems(db, list)).map(toReferenceItem);
    },
  };
}

import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { users } from '../schema/users.ts';
import { insuranceFiles, qualifications } from '../schema/credentials.ts';
import { providerLicenseStates } from '../schema/practice-details.ts';
import { providerVerifications, verificationDecisions } from '../schema/verification.ts';

/** The demo operator (decision 0026): reviews practices at /operator/reviews. */
export const demoOperator = {
  userType: 'operator',
  email: 'operator@demo.therapy.local',
  password: 'SteadyLantern#2026',
} as const;

/**
 * The demo operator's account, and the demo provider verified (approved) so her public page offers slots. Both once:
 * an existing account or verification is left as it is.
 */
export async function seedDemoOperator(
  db: Database,
  { hashPassword, providerId }: { hashPassword: (password: string) => Promise<string>; providerId: string | undefined },
): Promise<{ identifier: string | undefined }> {
  const [existing] = await db
    .select({ id: users.identifier })
    .from(users)
    .where(and(eq(users.email, demoOperator.email), isNull(users.deletedAt)))
    .limit(1);
  let identifier = existing?.id;
  if (!identifier) {
    const [row] = await db
      .insert(users)
      .values({
        email: demoOperator.email,
        passwordHash: await hashPassword(demoOperator.password),
        userType: 'operator',
        firstName: 'Olu',
        lastName: 'Reviewer',
        emailVerifiedAt: new Date(),
      })
      .onConflictDoNothing()
      .returning({ id: users.identifier });
    identifier = row?.id;
  }
  if (providerId) {
    const now = new Date();
    const [approved] = await db
      .insert(providerVerifications)
      .values({ providerId, status: 'approved', submittedAt: now, decidedAt: now, decidedBy: identifier ?? null })
      .onConflictDoNothing()
      .returning({ providerId: providerVerifications.providerId });
    // The approval took what the practice held then (issue 45): its states and documents, and the desk's history.
    if (approved) {
      const settled = { review: 'approved' as const, reviewedAt: now };
      await db.update(providerLicenseStates).set(settled).where(eq(providerLicenseStates.providerId, providerId));
      await db.update(qualifications).set(settled).where(eq(qualifications.providerId, providerId));
      await db.update(insuranceFiles).set(settled).where(eq(insuranceFiles.providerId, providerId));
      await db.insert(verificationDecisions).values({
        providerId,
        operatorId: identifier ?? null,
        kind: 'approved',
        note: 'Licence for New York and indemnity insurance checked.',
        createdAt: now,
      });
    }
  }
  return { identifier };
}

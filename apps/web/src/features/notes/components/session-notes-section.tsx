/** Placeholder (issue 17): a provider's session notes of one booking, being built. */
export function SessionNotesSection(_props: { bookingId: string }) {
  return null;
}

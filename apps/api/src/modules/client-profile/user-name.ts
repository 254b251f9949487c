/**
 * The username a new client starts with (spec §5: 3-32 of letters, digits, _, -, @), made from the sign-up name:
 * "Ada Lovelace" → "ada_lovelace". The repository adds 2, 3... when it is taken; the client can change it later.
 */
export function userNameFromName(firstName: string, lastName: string): string {
  const part = (name: string) =>
    name
      .normalize('NFC')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '');
  const base = [part(firstName), part(lastName)].filter(Boolean).join('_').slice(0, 28);
  return base.length >= 3 ? base : `${base || 'client'}_client`.slice(0, 28);
}

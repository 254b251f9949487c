/** One row per image in apps/web/public/avatars (scripts/generate-avatars.mjs writes twelve). */
export const avatarRows: Array<[code: string, photoUrl: string]> = Array.from({ length: 12 }, (_, i) => {
  const code = `avatar-${String(i + 1).padStart(2, '0')}`;
  return [code, `/avatars/${code}.svg`];
});

export function TherapistRoute() {
  return null;
}

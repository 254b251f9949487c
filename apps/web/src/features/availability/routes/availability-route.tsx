export function AvailabilityRoute() {
  return null;
}

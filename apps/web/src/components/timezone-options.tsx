/** The options of a time-zone select: the zones suggested for the user's country first, then every other zone. */
export function TimezoneOptions({ zones, suggestedLabel, allLabel }: { zones: { suggested: string[]; others: string[] }; suggestedLabel: string; allLabel: string }) {
  const option = (tz: string) => (
    <option key={tz} value={tz}>
      {tz.replaceAll('_', ' ')}
    </option>
  );
  return (
    <>
      {zones.suggested.length > 0 && <optgroup label={suggestedLabel}>{zones.suggested.map(option)}</optgroup>}
      <optgroup label={allLabel}>{zones.others.map(option)}</optgroup>
    </>
  );
}

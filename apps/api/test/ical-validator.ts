import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

/**
 * Runs independent iCalendar validators over generated .ics text (issue 49): python-icalendar, vobject and libical
 * with its iTIP rules (test/ical-validate.py), plus the raw CRLF and 75-octet folding checks. They are Debian packages
 * (`.ci/run` installs them on a fresh machine); a test fails with the install command when they are missing.
 */
export interface ReadPerson {
  value: string;
  params: Record<string, string>;
}
export interface ReadEvent {
  uid: string | null;
  sequence: number | null;
  status: string | null;
  summary: string | null;
  location: string | null;
  description: string | null;
  start: string | null;
  end: string | null;
  organizer: ReadPerson | null;
  attendees: ReadPerson[];
}
export interface ReadCalendar {
  method: string | null;
  events: ReadEvent[];
}

export const ICAL_PACKAGES = 'python3-icalendar python3-vobject gir1.2-ical-3.0 python3-gi';
const SCRIPT = fileURLToPath(new URL('./ical-validate.py', import.meta.url));
// Debian's own interpreter: the packages live in its dist-packages, which another python3 on PATH may not see.
const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';

/** The validators' findings for each named text; throws (with how to install them) when they are missing. */
export function validateIcs(
  files: Record<string, string>,
): Record<string, { errors: string[]; calendar: ReadCalendar | null }> {
  const input = Object.entries(files).map(([name, text]) => ({ name, text }));
  const run = spawnSync(PYTHON, [SCRIPT], { input: JSON.stringify(input), encoding: 'utf8', timeout: 60_000 });
  if (run.error || run.status === 3 || run.status === null) {
    const missing = run.status === 3 ? (JSON.parse(run.stdout) as { missing: string[] }).missing.join(', ') : 'python3';
    throw new Error(
      `The iCalendar validators are not installed (missing: ${missing}). Install them with ` +
        `"apt-get update && apt-get install -y ${ICAL_PACKAGES}" (.ci/run does this on a fresh machine).`,
    );
  }
  if (run.status !== 0) throw new Error(`ical-validate.py failed (${run.status}): ${run.stderr}`);
  const results = JSON.parse(run.stdout) as Array<{ name: string; errors: string[]; calendar: ReadCalendar | null }>;
  return Object.fromEntries(results.map((r) => [r.name, { errors: r.errors, calendar: r.calendar }]));
}

/** Asserts that every validator accepts every text, and gives back what python-icalendar read of each. */
export function expectValidIcs<K extends string>(files: Record<K, string>): Record<K, ReadCalendar> {
  const results = validateIcs(files);
  const read = {} as Record<K, ReadCalendar>;
  for (const name of Object.keys(files) as K[]) {
    const result = results[name]!;
    expect(result.errors, `${name}: the validators' findings`).toEqual([]);
    read[name] = result.calendar!;
  }
  return read;
}

/** The mail address of a CAL-ADDRESS value ("mailto:x@example.com"), in lower case. */
export const addressOf = (p: ReadPerson | null | undefined) => p?.value.replace(/^mailto:/i, '').toLowerCase();

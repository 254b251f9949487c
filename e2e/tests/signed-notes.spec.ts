import fs from 'node:fs';
import { expect, test } from '../support/fixtures.ts';
import { chooseLanguage, expectNoHorizontalScroll, signIn } from '../support/app.ts';
import { DEMO_PROVIDER, layoutSnapshot } from '../support/demo.ts';

/**
 * Issue 47 end to end, with the demo provider (Lena Hoffmann) and her demo client (Amara Okafor): the overview's
 * "Needs attention" names Amara (her first PHQ-9 answered item 9 above zero); the provider writes a SOAP note on
 * Amara's page, signs and locks it (it can no longer be edited or deleted), adds a dated addendum, sees the read of the
 * note named in the access log and downloads the log as CSV; then marks the risk answer seen. Once in German at 375 px.
 */
test('the demo provider signs a SOAP note, adds an addendum, finds it in the access log and its CSV, and sees the risk', async ({
  page,
  a11y,
}, testInfo) => {
  test.setTimeout(240_000);
  // The account's saved language wins at sign-in, and other journeys sign the demo provider in in German.
  await signIn(page, DEMO_PROVIDER.email, DEMO_PROVIDER.password, '/overview');
  await chooseLanguage(page, 'en');

  // The overview: Amara's risk answer needs attention, with a link to her page.
  await page.goto('/overview');
  const attention = page.getByRole('region', { name: 'Needs attention' });
  const amara = attention.getByRole('link', { name: 'Amara Okafor' });
  await expect(amara).toBeVisible();
  await expect(attention.getByText(/PHQ-9 answered .*: item 9 above zero/)).toBeVisible();
  await a11y('overview, needs attention');
  await layoutSnapshot(page, testInfo, 'overview-needs-attention');

  // The client list shows the same as a badge.
  await page.goto('/clients/imported');
  await expect(
    page.getByRole('listitem').filter({ hasText: 'Amara Okafor' }).getByText('Needs attention', { exact: true }),
  ).toBeVisible();

  // A SOAP note on her page.
  await page.goto('/overview');
  await amara.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Amara Okafor' })).toBeVisible();
  const clientUrl = page.url();
  const title = `SOAP ${Date.now().toString(36)}`;
  const notes = page.getByRole('region', { name: 'Notes' });
  await notes.getByRole('button', { name: 'Add Client Note' }).click();
  const add = page.getByRole('dialog', { name: 'Add Client Note' });
  await add.getByRole('button', { name: 'Type Client Notes' }).click();
  await add.getByLabel('Note Title').fill(title);
  await add.getByLabel('Template').selectOption('soap');
  await add.getByLabel('Subjective').fill('Sleeps better, still worried about work.');
  await add.getByLabel('Objective').fill('Calm, good eye contact.');
  await add.getByLabel('Plan').fill('Keep the sleep diary.');
  await a11y('note form from the SOAP template');
  await add.getByRole('button', { name: 'Add Note' }).click();
  await expect(page.getByRole('dialog', { name: 'Note added' }).getByRole('status')).toHaveText(
    'Note Successfully Added',
  );
  await page.getByRole('button', { name: 'Done' }).click();
  const note = notes.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(note.getByText('Subjective')).toBeVisible();
  await expect(note.getByText('Keep the sleep diary.')).toBeVisible();

  // Sign and lock, confirmed.
  await note.getByRole('button', { name: `Sign and lock note ${title}` }).click();
  const sign = page.getByRole('dialog', { name: 'Sign and lock this note?' });
  await expect(sign.getByText('After signing, the note can no longer be edited or deleted.')).toBeVisible();
  await a11y('sign dialog');
  await sign.getByRole('button', { name: 'Sign and lock' }).click();
  await expect(page.getByRole('dialog', { name: 'Note signed' }).getByRole('status')).toHaveText(
    'Note signed and locked',
  );
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(note.getByText(/^Signed .* by Lena Hoffmann$/)).toBeVisible();
  // It cannot be edited or deleted any more: the actions are gone, and the server refuses (API tests).
  await expect(note.getByRole('button', { name: `Edit note ${title}` })).toHaveCount(0);
  await expect(note.getByRole('button', { name: `Delete note ${title}` })).toHaveCount(0);

  // A dated addendum under it.
  await note.getByRole('button', { name: `Add addendum to note ${title}` }).click();
  const addendum = page.getByRole('dialog', { name: 'Add an addendum' });
  await addendum.getByLabel('Addendum').fill('Amara called: the diary helps.');
  await addendum.getByRole('button', { name: 'Add addendum' }).click();
  await expect(page.getByRole('dialog', { name: 'Addendum added' }).getByRole('status')).toHaveText('Addendum added');
  await page.getByRole('button', { name: 'Done' }).click();
  const addenda = note.getByRole('region', { name: `Addenda of note ${title}` });
  await expect(addenda.getByText('Amara called: the diary helps.')).toBeVisible();
  await expect(addenda.getByText(/, Lena Hoffmann$/)).toBeVisible();
  await a11y('client page with a signed note and its addendum');
  await layoutSnapshot(page, testInfo, 'signed-note');

  // The access log names the note that was read, and downloads as CSV.
  await page.goto('/practice/access-log?kind=note');
  const table = page.getByRole('table', { name: 'Access log, newest first' });
  const named = table.getByRole('row').filter({ hasText: `“${title}”, written` });
  await expect(named.filter({ hasText: 'Signed a note' })).toHaveCount(1);
  await expect(named.filter({ hasText: 'Added an addendum to a note' })).toHaveCount(1);
  await expect(named.filter({ hasText: 'Read a note' }).first()).toBeVisible();
  await a11y('access log naming the note');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('access-log.csv');
  const csv = fs.readFileSync((await file.path())!, 'utf8').replace(/^\uFEFF/, '');
  // The API test reads the CSV back with papaparse; here the cells have no commas or quotes, so a split does.
  const rows = csv
    .trim()
    .split(/\r?\n/)
    .map((line) => line.split(','));
  expect(rows[0]).toEqual([
    'When',
    'Action',
    'Record',
    'Note title',
    'Note written',
    'Client',
    'Who',
    'IP address',
    'Browser',
    'System',
  ]);
  const mine = rows.filter((r) => r[3] === title);
  expect(mine.map((r) => r[1])).toEqual(expect.arrayContaining(['signed', 'addendum added', 'read', 'created']));
  expect(mine.every((r) => r[5] === 'Amara Okafor' && r[6] === 'you')).toBe(true);

  // The risk answer marked seen leaves the overview.
  await page.goto('/overview');
  await attention.getByRole('button', { name: 'Mark as seen: the answer of Amara Okafor' }).click();
  await expect(attention.getByText('Nothing needs your attention.')).toBeVisible();

  // Once in German on a phone: the signed note and the access log.
  await page.setViewportSize({ width: 375, height: 800 });
  await chooseLanguage(page, 'de');
  try {
    await page.goto(clientUrl);
    const notizen = page.getByRole('region', { name: 'Notizen' });
    const signed = notizen.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
    await expect(signed.getByText(/^Unterschrieben am .* von Lena Hoffmann$/)).toBeVisible();
    await expect(signed.getByRole('button', { name: `Nachtrag hinzufügen zur Notiz ${title}` })).toBeVisible();
    await expectNoHorizontalScroll(page, 375);
    await a11y('signed note, de, 375 px');
    await layoutSnapshot(page, testInfo, 'signed-note-de-375');
    await page.goto('/practice/access-log?kind=note');
    await expect(page.getByRole('button', { name: 'CSV herunterladen' })).toBeVisible();
    await expect(page.getByText(`„${title}“, geschrieben am`).filter({ visible: true }).first()).toBeVisible();
    await expectNoHorizontalScroll(page, 375);
    await a11y('access log, de, 375 px');
  } finally {
    // Other journeys sign the demo provider in and expect what they set themselves; leave her in English.
    await chooseLanguage(page, 'en');
  }
});

import { expect, test } from '../support/fixtures.ts';
import { expectNoHorizontalScroll, signIn } from '../support/app.ts';
import { providerWithBooking } from '../support/bookings.ts';

/**
 * Issue 20 end to end, the provider's access log (HIPAA §164.312(b)): a provider writes a note about a client and opens
 * the client's page; the access log, reached from the client's page and from the practice hub, lists both with who,
 * what, which record and from where; filters live in the address; on a phone the table becomes cards.
 */
test('a provider writes a note, opens the client page, then reads who did what in the access log', async ({
  page,
  a11y,
  createUser,
  playwright,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000);
  const request = await playwright.request.newContext({ baseURL });
  const provider = await createUser('provider', { verified: true });
  const { clientId } = await providerWithBooking(request, provider, 'Ada');
  await request.dispose();

  // The client's page (its opening is logged) and a client note written there.
  await signIn(page, provider.email, provider.password, `/clients/${clientId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ada Client' })).toBeVisible();
  const notes = page.getByRole('region', { name: 'Notes' });
  await notes.getByRole('button', { name: 'Add Client Note' }).click();
  const add = page.getByRole('dialog', { name: 'Add Client Note' });
  await add.getByRole('button', { name: 'Type Client Notes' }).click();
  await add.getByLabel('Note Title').fill('Intake');
  await add.getByLabel('Note', { exact: true }).fill('Ada would like to sleep better.');
  await add.getByRole('button', { name: 'Add Note' }).click();
  await expect(page.getByRole('dialog', { name: 'Note added' }).getByRole('status')).toHaveText(
    'Note Successfully Added',
  );
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(notes.getByRole('heading', { name: 'Intake' })).toBeVisible();

  // From the client's page: the log, filtered to this client.
  await page.getByRole('link', { name: 'Access log for this client' }).click();
  await expect(page).toHaveURL(new RegExp(`/practice/access-log\\?client=${clientId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Access log' })).toBeVisible();
  await expect(page.getByLabel('Client')).toHaveValue(clientId);
  const table = page.getByRole('table', { name: 'Access log, newest first' });
  await expect(table).toBeVisible();
  const wrote = table.getByRole('row').filter({ hasText: 'Wrote a note' });
  await expect(wrote).toHaveCount(1);
  await expect(wrote.getByRole('cell').nth(0)).toHaveText('You');
  await expect(wrote.getByRole('link', { name: 'about Ada Client' })).toHaveAttribute('href', `/clients/${clientId}`);
  await expect(wrote.getByRole('cell').nth(3)).toContainText(/Chrome on (Windows|Linux)/);
  await expect(wrote.getByRole('cell').nth(3)).toContainText(/127\.0\.0\.1|::1/);
  const opened = table.getByRole('row').filter({ hasText: "Opened the client's page" });
  await expect(opened.first()).toBeVisible();
  await expect(opened.first().getByRole('cell').nth(2)).toContainText('Client page');
  // Newest first: the note was written after the page was first opened.
  const whatColumn = await table.locator('tbody tr td:nth-of-type(2)').allTextContents();
  expect(whatColumn.indexOf('Wrote a note')).toBeLessThan(whatColumn.lastIndexOf("Opened the client's page"));
  await expect(page.getByRole('status').filter({ hasText: /^\d+ entr(y|ies)$/ })).toBeVisible();
  await a11y('access log, one client');

  // Only notes: the client page's lines go, the note's stay; the filter is in the address.
  await page.getByLabel('Kind of record').selectOption('note');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/kind=note/);
  await expect(table.getByRole('row').filter({ hasText: "Opened the client's page" })).toHaveCount(0);
  await expect(table.getByRole('row').filter({ hasText: 'Wrote a note' })).toHaveCount(1);

  // A day with nothing in it.
  await page.getByLabel('From').fill('2020-01-01');
  await page.getByLabel('To').fill('2020-01-02');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByRole('heading', { name: 'Nothing matches these filters' })).toBeVisible();
  await a11y('access log, nothing matches');

  // From the practice hub: the whole log.
  await page.goto('/practice');
  // The checklist loads above the link and moves it down: click once the page has settled.
  await expect(page.getByText(/steps complete/)).toBeVisible();
  await page.getByRole('link', { name: 'Open the access log' }).click();
  await expect(page).toHaveURL(/\/practice\/access-log$/);
  await expect(table.getByRole('row').filter({ hasText: 'Wrote a note' })).toHaveCount(1);
  await expect(page.getByLabel('Client')).toHaveValue('');
  await page.screenshot({ path: testInfo.outputPath('access-log-desktop.png'), fullPage: true });

  // On a phone: cards instead of the table, and nothing wider than the screen.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(table).toBeHidden();
  const cards = page.getByRole('list', { name: 'Access log, newest first' });
  await expect(cards).toBeVisible();
  await expect(cards.getByRole('listitem').filter({ hasText: 'Wrote a note' })).toHaveCount(1);
  await expectNoHorizontalScroll(page, 375);
  await a11y('access log at 375 px');
  await page.screenshot({ path: testInfo.outputPath('access-log-375.png'), fullPage: true });
});

test('a client who opens the access log is told it is for therapists', async ({ page, createUser }) => {
  const client = await createUser('client');
  await signIn(page, client.email, client.password, '/practice/access-log');
  await expect(page.getByRole('heading', { name: 'The access log is for therapists' })).toBeVisible();
});

import { expect, test } from '../support/fixtures.ts';
import { chooseLanguage, expectNoHorizontalScroll, signIn } from '../support/app.ts';
import { expectNoA11yViolations } from '../support/a11y.ts';
import { PASSWORD, uniqueEmail } from '../support/data.ts';
import { linkIn } from '../support/mailbox.ts';

/**
 * Issue 17, a provider's clients: added by hand, invited by mail (the invitee signs up from the link and accepts, and
 * only then is linked), and imported from a CSV file that is previewed row by row, fixed and imported (in German, on
 * a 375 px phone).
 */

test('a provider adds a client by hand and sees them in the list; the same address twice is refused', async ({
  page,
  a11y,
  createUser,
}, testInfo) => {
  test.setTimeout(120_000);
  const provider = await createUser('provider');
  await signIn(page, provider.email, provider.password, '/clients/imported/');
  await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No clients yet' })).toBeVisible();
  await a11y('clients (empty)');

  // Spec §2 "Import Clients": the select and "Proceed".
  await page.getByRole('button', { name: 'Import Clients' }).first().click();
  const modal = page.getByRole('dialog', { name: 'Import Clients' });
  await expect(modal.getByLabel('Import method')).toHaveValue('email');
  await a11y('import clients modal');
  await modal.getByRole('button', { name: 'Proceed' }).click();
  await expect(modal).toBeHidden();
  await expect(page).toHaveURL(/\/clients\/imported\/email-manual$/);

  await page.getByRole('button', { name: 'Enter details' }).click();
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByLabel('First name')).toBeFocused();
  const email = uniqueEmail('lena');
  await page.getByLabel('First name').fill('Lena');
  await page.getByLabel('Last name').fill('Berg');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel(/Phone number/).fill('2025550143');
  await a11y('enter details form');
  await page.getByRole('button', { name: 'Save details' }).click();
  const success = page.getByRole('dialog', { name: 'Details Saved Successfully' });
  await expect(success).toBeVisible();
  await a11y('details saved');
  await page.screenshot({ path: testInfo.outputPath('details-saved-en.png') });
  await success.getByRole('button', { name: 'Go To Dashboard' }).click();
  await expect(page).toHaveURL(/\/clients\/imported\/?$/);

  const list = page.getByRole('list', { name: 'Your clients' });
  const lena = list.getByRole('listitem').filter({ hasText: 'Lena Berg' });
  await expect(lena).toBeVisible();
  await expect(lena.getByText('Added')).toBeVisible();
  await expect(lena.getByText(email)).toBeVisible();
  await expect(lena.getByText('2025550143')).toBeVisible();
  // Not on the platform yet, but her record has a page (decision 0053).
  await expect(lena.getByRole('link')).toHaveCount(1);
  await a11y('clients (one added)');

  // The search is in the address and finds by name.
  await page.getByRole('searchbox', { name: 'Search clients' }).fill('nobody-like-this');
  await expect(page.getByRole('heading', { name: 'No clients match “nobody-like-this”' })).toBeVisible();
  await expect(page).toHaveURL(/\?q=nobody-like-this$/);
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(lena).toBeVisible();

  // The same address again: refused under the field.
  await page.goto('/clients/imported/email-manual?mode=manual');
  await page.getByLabel('First name').fill('Lena');
  await page.getByLabel('Last name').fill('Berg');
  await page.getByLabel('Email address').fill(email.toUpperCase());
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('This client is already in your list')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a provider invites by mail; the invitee signs up from the link, comes back to it, accepts, and shows as active', async ({
  page,
  browser,
  baseURL,
  a11y,
  createUser,
  mailbox,
}, testInfo) => {
  test.setTimeout(180_000);
  const provider = await createUser('provider');
  await signIn(page, provider.email, provider.password, '/clients/imported/email-manual');
  await expect(page.getByRole('button', { name: 'Invite by email' })).toHaveAttribute('aria-pressed', 'true');
  const invitee = uniqueEmail('invitee');
  await page.getByLabel('Email address').fill(invitee);
  await page.getByLabel(/First name/).fill('Mara');
  await a11y('invite by email form');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  const sent = page.getByRole('dialog', { name: 'Mail Sent Successfully' });
  await expect(sent).toBeVisible();
  await sent.getByRole('button', { name: 'Go To Dashboard' }).click();
  const row = page.getByRole('list', { name: 'Your clients' }).getByRole('listitem').filter({ hasText: invitee });
  await expect(row.getByText('Invited')).toBeVisible();

  // The mail's link, opened by the invitee in a browser of their own (signed out).
  const mail = await mailbox.waitFor(invitee, '/invitation/');
  expect(mail.subject).toBe('Robin Provider invites you to connect');
  const path = /\/invitation\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  expect(path, mail.text).toBeTruthy();
  const theirs = await browser.newContext({ baseURL });
  await theirs.addCookies([{ name: 'cookie-consent', value: 'true', url: baseURL! }]);
  const guest = await theirs.newPage();
  await guest.goto(path!);
  await guest.locator('html[data-ready]').waitFor({ state: 'attached' });
  await expect(guest.getByRole('heading', { level: 1, name: 'A therapist invited you' })).toBeVisible();
  await expect(guest.getByRole('link', { name: 'Sign in to accept' })).toHaveAttribute(
    'href',
    `/login?redirect=${encodeURIComponent(path!)}`,
  );
  await expectNoA11yViolations(guest, 'invitation (signed out)');

  await guest.getByRole('link', { name: 'Create a client account' }).click();
  await expect(guest.getByRole('heading', { level: 1, name: 'Create a client account' })).toBeVisible();
  await guest.getByLabel('First name').fill('Mara');
  await guest.getByLabel('Last name').fill('Ost');
  await guest.getByLabel('Email', { exact: true }).fill(invitee);
  await guest.getByLabel('Confirm email').fill(invitee);
  const country = guest.getByLabel('Country');
  await expect(country).toBeEnabled();
  await country.selectOption({ label: 'United States' });
  await guest.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await guest.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
  await guest.getByRole('checkbox', { name: /I accept the terms of use/ }).check();
  await guest.getByRole('button', { name: 'Create account' }).click();
  await expect(guest).toHaveURL(/\/verify-email\/pending\?redirect=/);

  // Signed in now: "Do later" leads back to the invitation, which offers the acceptance.
  await guest.getByRole('button', { name: 'Do later' }).click();
  await expect(guest).toHaveURL(new RegExp(`${path!}$`));
  await expect(guest.getByText(`You are signed in as ${invitee}`)).toBeVisible();
  await expectNoA11yViolations(guest, 'invitation (signed in as a client)');
  // Only a verified address accepts (issue 45): the page sends the invitee to verify first.
  await guest.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(guest.getByRole('heading', { level: 1, name: 'Verify your email address first' })).toBeVisible();
  await expect(guest.getByRole('alert')).toContainText('Please verify your email address first');
  await expectNoA11yViolations(guest, 'invitation (address not verified)');
  const verification = new URL(linkIn(await mailbox.waitFor(invitee, 'Verify your email address')));
  await guest.goto(`${verification.pathname}${verification.search}`);
  await expect(guest.getByRole('heading', { level: 1, name: 'Your email is verified' })).toBeVisible();
  await guest.goto(path!);
  await guest.locator('html[data-ready]').waitFor({ state: 'attached' });
  await guest.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(
    guest.getByRole('heading', { level: 1, name: 'You are now connected with your therapist' }),
  ).toBeVisible();
  await expect(guest.getByText('Your therapist: Robin Provider')).toBeVisible();
  await guest.screenshot({ path: testInfo.outputPath('invitation-accepted-en.png') });
  await guest.getByRole('link', { name: 'Go to your appointments' }).click();
  await expect(guest).toHaveURL(/\/appointments$/);

  // A second use of the link is refused with the server's message.
  await guest.goto(path!);
  await guest.locator('html[data-ready]').waitFor({ state: 'attached' });
  await guest.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(guest.getByRole('heading', { level: 1, name: 'This invitation cannot be used' })).toBeVisible();
  await expect(guest.getByRole('alert')).toContainText('This invitation is no longer valid');
  await theirs.close();

  // The provider sees them active, with their client page.
  await page.reload();
  const active = page.getByRole('list', { name: 'Your clients' }).getByRole('link', { name: /Mara/ });
  await expect(active).toBeVisible();
  await expect(active.getByText('Active')).toBeVisible();
  await expect(active).toHaveAttribute('href', /^\/clients\/[0-9a-f-]{36}$/);

  // A provider opening an invitation link is told it is for clients.
  await page.goto(path!);
  await expect(page.getByRole('heading', { level: 1, name: 'This invitation is for clients' })).toBeVisible();
});

test.describe('on a phone, in German', () => {
  const WIDTH = 375;
  test.use({ viewport: { width: WIDTH, height: 812 }, isMobile: true, hasTouch: true });

  test('a CSV with two bad rows is previewed with its errors, fixed and imported', async ({
    page,
    a11y,
    createUser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const provider = await createUser('provider');
    await signIn(page, provider.email, provider.password, '/clients/imported/');
    await chooseLanguage(page, 'de');
    await expect(page.getByRole('heading', { level: 1, name: 'Klient*innen' })).toBeVisible();
    await expectNoHorizontalScroll(page, WIDTH);

    await page.getByRole('button', { name: 'Klient*innen importieren' }).first().click();
    const modal = page.getByRole('dialog', { name: 'Klient*innen importieren' });
    await modal.getByLabel('Importart').selectOption({ label: 'CSV-Datei auswählen' });
    await modal.getByRole('button', { name: 'Weiter' }).click();
    await expect(page).toHaveURL(/\/clients\/imported\/csv$/);
    await expect(page.getByText(/höchstens 1\.000 Klient\*innen/)).toBeVisible();
    await a11y('csv import (de, 375 px)');
    await expectNoHorizontalScroll(page, WIDTH);

    const tag = Date.now().toString(36);
    const good = (n: string) => `${n};Berg;${n.toLowerCase()}.${tag}@example.com;2025550143`;
    const bad = [
      'firstName;lastName;email;phoneNumber',
      good('Lena'),
      `Tom;Ray;kein-email;`,
      `Uma;Lind;lena.${tag}@example.com;`,
      '',
    ].join('\n');
    await page
      .getByLabel('CSV-Datei auswählen')
      .setInputFiles({ name: 'klienten.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
    await expect(page.getByRole('heading', { name: 'Vorschau von klienten.csv' })).toBeVisible();
    await expect(page.getByText('3 Zeilen')).toBeVisible();
    await expect(page.getByText('1 bereit')).toBeVisible();
    await expect(page.getByText('2 mit Fehlern')).toBeVisible();
    const table = page.getByRole('table', { name: 'Zeilen der Datei' });
    await expect(table.getByRole('row').filter({ hasText: 'kein-email' })).toContainText(
      'Bitte gib eine gültige E-Mail-Adresse ein',
    );
    await expect(table.getByRole('row').filter({ hasText: 'Uma' })).toContainText(
      'Diese E-Mail steht bereits in der Datei (Zeile 2)',
    );
    // The valid row could be imported now; this provider fixes the file instead.
    await expect(page.getByRole('button', { name: 'Die 1 gültige Zeile importieren' })).toBeVisible();
    await a11y('csv preview with errors (de, 375 px)');
    await expectNoHorizontalScroll(page, WIDTH);
    await page.screenshot({ path: testInfo.outputPath('csv-preview-errors-de-375.png'), fullPage: true });

    const fixed = ['firstName;lastName;email;phoneNumber', good('Lena'), good('Tom'), good('Uma'), ''].join('\n');
    await page
      .getByLabel('Andere Datei auswählen')
      .setInputFiles({ name: 'klienten.csv', mimeType: 'text/csv', buffer: Buffer.from(fixed) });
    await expect(page.getByText('0 mit Fehlern')).toBeVisible();
    await page.getByRole('button', { name: '3 Klient*innen importieren' }).click();
    await expect(page.getByRole('heading', { name: 'Klient*innen importiert' })).toBeVisible();
    await expect(page.getByText('3 Klient*innen importiert', { exact: true })).toBeVisible();
    await a11y('csv imported (de, 375 px)');
    await page.getByRole('link', { name: 'Zu deinen Klient*innen' }).click();
    const list = page.getByRole('list', { name: 'Deine Klient*innen' });
    await expect(list.getByRole('listitem')).toHaveCount(3);
    await expect(list.getByRole('listitem').filter({ hasText: 'Tom Berg' }).getByText('Hinzugefügt')).toBeVisible();
    await a11y('clients list (de, 375 px)');
    await expectNoHorizontalScroll(page, WIDTH);
    await page.screenshot({ path: testInfo.outputPath('clients-list-de-375.png'), fullPage: true });
  });
});

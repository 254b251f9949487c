import { demoPdf } from '@therapy/api/db/seed/demo-credentials';
import { expect, test } from '../support/fixtures.ts';
import { secondBrowser } from '../support/second-browser.ts';
import { chooseLanguage, expectNoHorizontalScroll, expectToast, signIn } from '../support/app.ts';
import { expectNoA11yViolations } from '../support/a11y.ts';
import { providerWithBooking } from '../support/bookings.ts';

/**
 * Issue 18 end to end: a client and their provider chat live in two browsers, each signed in on its own; a message
 * with a file, the badge, the read mark, a reply, an edit and a delete all arrive on the other side without a reload.
 * Once more in German with the provider on a 375 px phone.
 */

const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: demoPdf(`Chat ${name}`) });

test('a client and a provider chat live: a file, the badge, seen, a reply, an edit and a delete', async ({
  page,
  a11y,
  browser,
  createUser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const request = await playwright.request.newContext({ baseURL });
  const provider = await createUser('provider', { verified: true });
  const { bookingId, client } = await providerWithBooking(request, provider, 'Ada');
  await request.dispose();

  // The provider waits on the messages page in a browser of their own.
  const other = await secondBrowser(browser, baseURL!, { width: 1280, height: 800 });
  await signIn(other, provider.email, provider.password, '/messages');
  await expect(other.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await expect(other.getByRole('heading', { name: 'No conversations yet' })).toBeVisible();

  // The client opens the conversation from the booking's page.
  await signIn(page, client.email, client.password, `/appointments/${bookingId}`);
  await page.getByRole('link', { name: 'Message Robin Provider' }).click();
  await expect(page).toHaveURL(/\/messages\?conversation=[0-9a-f-]{36}$/);
  const log = page.getByRole('log', { name: 'Messages with Robin Provider' });
  await expect(page.getByText('No messages yet. Write the first one below.')).toBeVisible();

  // Bad input, refused in the form: nothing written, and a program renamed as a pdf's neighbour.
  const composer = page.getByRole('textbox', { name: 'Message', exact: true });
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('Please write a message or attach a file')).toBeVisible();
  await page
    .getByLabel('Attach files')
    .setInputFiles({ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ\x90\x00') });
  await expect(page.getByText('Attachments must be images (jpg, jpeg, png) or pdf')).toBeVisible();
  await page.getByRole('button', { name: 'Remove setup.exe' }).click();
  await a11y('conversation, empty, after refused input');

  // A message with a file: it reaches the provider's list and badge live.
  await composer.fill('Hello, could we move Tuesday to the afternoon?');
  await page.getByLabel('Attach files').setInputFiles(pdf('sleep-diary.pdf'));
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(log.getByText('Hello, could we move Tuesday to the afternoon?')).toBeVisible();
  await expect(composer).toHaveValue('');
  await expect(log.getByText('Sent')).toBeVisible();

  const providerNav = other.getByRole('banner').getByRole('link', { name: /^Messages/ });
  await expect(providerNav).toHaveAccessibleName('Messages (1 unread conversation)');
  const row = other.getByRole('navigation', { name: 'Conversations' }).getByRole('link', { name: /Ada Client/ });
  await expect(row).toContainText('Hello, could we move Tuesday to the afternoon?');
  await expect(row).toContainText('1 unread message');
  await row.click();
  const providerLog = other.getByRole('log', { name: 'Messages with Ada Client' });
  await expect(providerLog.getByText('Hello, could we move Tuesday to the afternoon?')).toBeVisible();
  // Reading it clears the badge here and shows "Seen" to the client, live.
  await expect(providerNav).toHaveAccessibleName('Messages');
  await expect(log.getByText('Seen')).toBeVisible();
  const download = other.waitForEvent('download');
  await providerLog.getByRole('button', { name: /^Download sleep-diary\.pdf/ }).click();
  expect((await download).suggestedFilename()).toBe('sleep-diary.pdf');

  // The reply, sent with Enter, arrives on the client's side.
  await other.getByRole('textbox', { name: 'Message', exact: true }).fill('Of course, 15:00 works for me.');
  await other.keyboard.press('Enter');
  await expect(log.getByText('Of course, 15:00 works for me.')).toBeVisible();
  await a11y('conversation with messages both ways');

  // The client edits their message; the provider sees the new text, marked edited.
  await log.getByRole('button', { name: 'Edit message' }).click();
  const edit = log.getByRole('textbox', { name: 'Edit your message' });
  await edit.fill('');
  await log.getByRole('button', { name: 'Save' }).click();
  await expect(log.getByText('Please write a message or attach a file')).toBeVisible();
  await edit.fill('Hello, could we move Tuesday to 15:00?');
  await log.getByRole('button', { name: 'Save' }).click();
  await expect(providerLog.getByText('Hello, could we move Tuesday to 15:00?')).toBeVisible();
  await expect(providerLog.getByText('· edited')).toBeVisible();

  // The client deletes it after the confirmation; the provider sees that it was deleted, and its file is gone.
  await log.getByRole('button', { name: 'Delete message' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete message' });
  await expect(dialog).toContainText('Robin Provider will see that a message was deleted.');
  await a11y('delete message dialog');
  await dialog.getByRole('button', { name: 'Delete message' }).click();
  await expectToast(page, 'Message deleted');
  await expect(log.getByText('This message was deleted')).toBeVisible();
  await expect(providerLog.getByText('This message was deleted')).toBeVisible();
  await expect(providerLog.getByText('Hello, could we move Tuesday to 15:00?')).toHaveCount(0);
  await expect(providerLog.getByRole('button', { name: /^Download sleep-diary\.pdf/ })).toHaveCount(0);

  // Someone else's conversation: not found, like a missing one.
  await page.goto('/messages?conversation=0190a6c4-0000-7000-8000-000000000000');
  await expect(page.getByText('This conversation does not exist, or it is not yours.')).toBeVisible();
  await other.context().close();
});

test.describe('on a phone, in German', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the provider writes from the client page at 375 px, the client answers live, in German', async ({
    page,
    browser,
    createUser,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const request = await playwright.request.newContext({ baseURL });
    const provider = await createUser('provider', { verified: true });
    const { clientId, client } = await providerWithBooking(request, provider, 'Greta');
    await request.dispose();

    const other = await secondBrowser(browser, baseURL!, { width: 1280, height: 800 });
    await signIn(other, client.email, client.password, '/messages');
    await chooseLanguage(other, 'de');
    await expect(other.getByRole('heading', { level: 1, name: 'Nachrichten' })).toBeVisible();

    await signIn(page, provider.email, provider.password, `/clients/${clientId}`);
    await chooseLanguage(page, 'de');
    await page.getByRole('link', { name: 'Nachricht schreiben' }).click();
    const log = page.getByRole('log', { name: 'Nachrichten mit Greta Client' });
    await expect(page.getByText('Noch keine Nachrichten. Schreibe unten die erste.')).toBeVisible();
    await page.getByRole('button', { name: 'Senden', exact: true }).click();
    await expect(page.getByText('Bitte schreibe eine Nachricht oder hänge eine Datei an')).toBeVisible();
    await page
      .getByRole('textbox', { name: 'Nachricht', exact: true })
      .fill('Hallo Greta, wie geht es dir nach unserer Sitzung?');
    await page.getByRole('button', { name: 'Senden', exact: true }).click();
    await expect(log.getByText('Hallo Greta, wie geht es dir nach unserer Sitzung?')).toBeVisible();
    await expectNoHorizontalScroll(page, 375);
    await expectNoA11yViolations(page, 'conversation (de, 375)');

    // The client (desktop) gets it live, opens it and answers; the phone shows the answer and "Gelesen".
    const row = other.getByRole('navigation', { name: 'Unterhaltungen' }).getByRole('link', { name: /Robin Provider/ });
    await expect(row).toContainText('1 ungelesene Nachricht');
    await row.click();
    await expect(
      other
        .getByRole('log', { name: 'Nachrichten mit Robin Provider' })
        .getByText('Hallo Greta, wie geht es dir nach unserer Sitzung?'),
    ).toBeVisible();
    await expect(log.getByText('Gelesen')).toBeVisible();
    await other.getByRole('textbox', { name: 'Nachricht', exact: true }).fill('Danke, viel besser!');
    await other.getByRole('button', { name: 'Senden', exact: true }).click();
    await expect(log.getByText('Danke, viel besser!')).toBeVisible();

    // The phone's way back: the list, with the conversation's last message.
    await page.getByRole('link', { name: 'Alle Unterhaltungen' }).click();
    await expect(
      page.getByRole('navigation', { name: 'Unterhaltungen' }).getByRole('link', { name: /Greta Client/ }),
    ).toContainText('Danke, viel besser!');
    await expectNoHorizontalScroll(page, 375);
    await expectNoA11yViolations(page, 'chat list (de, 375)');
    await other.context().close();
  });
});

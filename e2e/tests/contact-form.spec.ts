import { chooseLanguage, expectNoHorizontalScroll, signIn } from '../support/app.ts';
import { uniqueEmail } from '../support/data.ts';
import { DEMO_OPERATOR } from '../support/demo.ts';
import { expect, test } from '../support/fixtures.ts';
import { mailbox } from '../support/mailbox.ts';

/**
 * Issue 49, the seed's contact form (spec §5): a visitor opens /contact from the footer, meets the spec's texts at the
 * fields, sends a message and gets a receipt by mail; the support mailbox gets a mail, and the operators find the message in their inbox
 * (/operator/contact) and mark it answered. English at 1280 px, German at 375 px, axe on each page.
 */
const message = (who: string) => `Hello, ${who} here: how does the first session work, and what does it cost?`;

test('in English at 1280 px: the form from the footer, the texts at the fields, the receipt, the operator inbox', async ({
  page,
  a11y,
  browserErrors,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = uniqueEmail('contact-en');
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact', exact: true }).click();
  await expect(page).toHaveURL(/\/contact\/?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
  await page.locator('html[data-ready]').waitFor({ state: 'attached' });

  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByLabel('Email', { exact: true })).toHaveAccessibleDescription(/Please fill in your complain/);
  await expect(page.getByLabel('Your message')).toHaveAccessibleDescription(/Please fill in your complain/);
  await page.getByLabel('Your message').fill('Too short to say anything.');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByLabel('Your message')).toHaveAccessibleDescription(
    /Your content must be at least 30 characters/,
  );
  await a11y('contact form with errors (en, 1280 px)');

  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel(/^Phone/).fill('+1(212)555-0142');
  await page.getByLabel('Your message').fill(message('Grace'));
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Thank you: your message has reached us.')).toBeVisible();
  await a11y('contact form sent (en, 1280 px)');
  const receipt = await mailbox.waitFor(email, 'We received your message');
  expect(receipt.text).toContain('Hello Grace');
  // The operators' mail goes to the support mailbox (SUPPORT_EMAIL, its default in the e2e server), not to each operator.
  await mailbox.waitFor('support@therapy.local', 'New contact message from Grace Hopper');

  await signIn(page, DEMO_OPERATOR.email, DEMO_OPERATOR.password);
  await page.getByRole('banner').getByRole('link', { name: 'Inbox', exact: true }).click();
  await expect(page).toHaveURL(/\/operator\/contact$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Contact messages' })).toBeVisible();
  const card = page.getByRole('listitem').filter({ hasText: email });
  await expect(card.getByText(message('Grace'))).toBeVisible();
  await a11y('contact inbox (en, 1280 px)');
  await card.getByRole('button', { name: 'Mark answered' }).click();
  await expect(card.getByText(/^Answered /)).toBeVisible();
  expect(browserErrors).toEqual([]);
});

test('in German at 375 px: the texts at the fields, the receipt in German, no sideways scrolling', async ({
  page,
  a11y,
  browserErrors,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const email = uniqueEmail('contact-de');
  await page.goto('/contact');
  await page.locator('html[data-ready]').waitFor({ state: 'attached' });
  await chooseLanguage(page, 'de');
  await expect(page.getByRole('heading', { level: 1, name: 'Kontakt' })).toBeVisible();
  await page.getByLabel('Deine Nachricht').fill('Zu kurz.');
  await page.getByRole('button', { name: 'Nachricht senden' }).click();
  await expect(page.getByLabel('Deine Nachricht')).toHaveAccessibleDescription(
    /Deine Nachricht muss mindestens 30 Zeichen lang sein/,
  );
  await expect(page.getByLabel('E-Mail', { exact: true })).toHaveAccessibleDescription(
    /Bitte fülle dieses Pflichtfeld aus/,
  );
  await page.getByLabel(/^Telefonnummer/).fill('0170 555');
  await page.getByRole('button', { name: 'Nachricht senden' }).click();
  await expect(page.getByLabel(/^Telefonnummer/)).toHaveAccessibleDescription(
    /Die Telefonnummer darf nur Ziffern und \(\)\+- enthalten/,
  );
  await expectNoHorizontalScroll(page, 375);
  await a11y('contact form with errors (de, 375 px)');

  await page.getByLabel('E-Mail', { exact: true }).fill(email);
  await page.getByLabel('Vorname').fill('Jürgen');
  await page.getByLabel('Nachname').fill('Weiß');
  await page.getByLabel(/^Telefonnummer/).fill('');
  await page.getByLabel('Deine Nachricht').fill('Hallo, wie läuft die erste Sitzung ab und was kostet sie?');
  await page.getByRole('button', { name: 'Nachricht senden' }).click();
  await expect(page.getByText('Danke: Deine Nachricht ist bei uns angekommen.')).toBeVisible();
  await expectNoHorizontalScroll(page, 375);
  await a11y('contact form sent (de, 375 px)');
  const receipt = await mailbox.waitFor(email, 'Wir haben deine Nachricht erhalten');
  expect(receipt.text).toContain('Hallo Jürgen');
  expect(browserErrors).toEqual([]);
});

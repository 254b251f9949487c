import { expect, test } from '../support/fixtures.ts';
import { chooseLanguage, expectNoHorizontalScroll, signIn } from '../support/app.ts';
import { expectNoA11yViolations } from '../support/a11y.ts';
import { providerWithBooking } from '../support/bookings.ts';
import { linkIn, mailbox } from '../support/mailbox.ts';
import { secondBrowser } from '../support/second-browser.ts';

/**
 * Issue 20 end to end, outcome measures: a provider sends a PHQ-9 from the client's page; the client, on a 375 px
 * phone, opens the mailed link, is refused an incomplete form, answers (question 9 above zero) and is shown where to
 * get help; the provider sees the alert, the score in the chart's table and marks it seen, then starts "before every
 * session". Once more in German with a GAD-7.
 */
const PHONE = { width: 375, height: 800 };

test('a client fills in a PHQ-9 on a phone and the provider sees the score, the chart and the item-9 alert', async ({
  page,
  a11y,
  createUser,
  playwright,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const request = await playwright.request.newContext({ baseURL });
  const provider = await createUser('provider', { verified: true });
  const { clientId, client } = await providerWithBooking(request, provider, 'Ada');
  await request.dispose();

  // The provider sends a PHQ-9 from the client's page.
  await signIn(page, provider.email, provider.password, `/clients/${clientId}`);
  const section = page.getByRole('region', { name: 'Questionnaires' });
  await expect(section.getByText('No answers yet. Scores appear here once your client has answered.')).toBeVisible();
  await expect(section.getByLabel('Questionnaire', { exact: true })).toHaveValue('PHQ9');
  await section.getByRole('button', { name: 'Send questionnaire' }).click();
  await expect(page.getByText('Questionnaire sent', { exact: true }).first()).toBeVisible();
  await expect(section.getByText(/^PHQ-9, sent on /)).toBeVisible();
  await a11y('client page: questionnaire sent');

  // The client opens the mailed link on a phone.
  const mail = await mailbox.waitFor(client.email, /asks you to fill in a short questionnaire/);
  expect(mail.text).not.toMatch(/PHQ|depress/i);
  const link = new URL(linkIn(mail));
  expect(link.pathname).toMatch(/^\/questionnaires\/[0-9a-f-]{36}$/);
  const phone = await secondBrowser(browser, baseURL!, PHONE);
  await signIn(phone, client.email, client.password, link.pathname);
  await expect(phone.getByRole('heading', { level: 1, name: 'PHQ-9 (depression)' })).toBeVisible();
  await expect(phone.getByRole('group')).toHaveCount(9);
  await phone.getByRole('button', { name: 'Send my answers' }).click();
  await expect(phone.getByText('Please answer all 9 questions')).toBeVisible();
  await expect(phone.getByText('Please choose an answer.')).toHaveCount(9);
  await expectNoA11yViolations(phone, 'questionnaire with errors, 375 px');
  await expectNoHorizontalScroll(phone, PHONE.width);
  const answers = [
    'More than half the days',
    'Several days',
    'Several days',
    'More than half the days',
    'Not at all',
    'Several days',
    'Several days',
    'Not at all',
    'Several days',
  ];
  for (const [i, answer] of answers.entries()) {
    await phone.getByRole('group').nth(i).getByRole('radio', { name: answer }).check();
  }
  await expect(phone.getByText('9 of 9 answered')).toBeVisible();
  await phone.getByRole('button', { name: 'Send my answers' }).click();
  await expect(phone.getByText('Your score: 9 of 27 (Mild)')).toBeVisible();
  await expect(phone.getByRole('heading', { name: 'You do not have to go through this alone' })).toBeVisible();
  await expect(phone.getByText(/call or text 988/)).toBeVisible();
  await expectNoA11yViolations(phone, 'questionnaire result, 375 px');
  await expectNoHorizontalScroll(phone, PHONE.width);
  await phone.context().close();

  // The provider: the alert, the latest score, the chart and its table.
  const attention = await mailbox.waitFor(provider.email, /needs your attention/);
  expect(attention.text).not.toMatch(/dead|harm|PHQ/i);
  await page.reload();
  await expect(section.getByText('Needs your attention')).toBeVisible();
  await expect(section.getByText(/answered “Several days” to question 9/)).toBeVisible();
  await expect(section.getByText('Latest score: 9 (Mild)')).toBeVisible();
  await expect(section.getByTestId('measure-chart-PHQ9').locator('svg.recharts-surface')).toBeVisible();
  const table = section.getByRole('table', { name: 'PHQ-9 scores, newest first' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText('9 of 27');
  await expect(table.getByRole('row').nth(1)).toContainText('Mild');
  await a11y('client page: chart, table and alert');
  await section.getByRole('button', { name: 'Mark as seen' }).click();
  await expect(section.getByText('Needs your attention')).toHaveCount(0);

  // Before every session: the series is listed and can be stopped.
  await section.getByRole('radio', { name: 'Before every session' }).check();
  await section.getByLabel('Questionnaire', { exact: true }).selectOption('GAD7');
  await section.getByRole('button', { name: 'Send questionnaire' }).click();
  await expect(section.getByText(/^GAD-7, since /)).toBeVisible();
  // The paid booking five days ahead gets its GAD-7 at once.
  await expect(section.getByText(/^GAD-7 for the session on /)).toBeVisible();
  await section.getByRole('button', { name: 'Stop GAD-7' }).click();
  await expect(section.getByText(/^GAD-7, since /)).toHaveCount(0);
});

test('in German: a client answers a GAD-7 on a phone and the provider reads the score', async ({
  page,
  createUser,
  playwright,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const request = await playwright.request.newContext({ baseURL });
  const provider = await createUser('provider', { verified: true });
  const { clientId, client } = await providerWithBooking(request, provider, 'Ben');
  await request.dispose();

  await signIn(page, provider.email, provider.password, `/clients/${clientId}`);
  await chooseLanguage(page, 'de');
  const section = page.getByRole('region', { name: 'Fragebögen' });
  await section.getByLabel('Fragebogen', { exact: true }).selectOption('GAD7');
  await section.getByRole('button', { name: 'Fragebogen schicken' }).click();
  await expect(section.getByText(/^GAD-7, geschickt am /)).toBeVisible();

  const phone = await secondBrowser(browser, baseURL!, PHONE);
  await signIn(phone, client.email, client.password, '/questionnaires');
  await chooseLanguage(phone, 'de');
  await phone.getByRole('link', { name: /GAD-7 \(Angst\)/ }).click();
  await expect(
    phone.getByText(
      'Wie oft fühlten Sie sich im Verlauf der letzten 2 Wochen durch die folgenden Beschwerden beeinträchtigt?',
    ),
  ).toBeVisible();
  for (let i = 0; i < 7; i++)
    await phone.getByRole('group').nth(i).getByRole('radio', { name: 'An einzelnen Tagen' }).check();
  await phone.getByRole('button', { name: 'Antworten senden' }).click();
  await expect(phone.getByText('Dein Wert: 7 von 21 (Leicht)')).toBeVisible();
  await expectNoA11yViolations(phone, 'Fragebogen beantwortet, 375 px');
  await expectNoHorizontalScroll(phone, PHONE.width);
  await phone.context().close();

  await page.reload();
  await expect(
    section.getByRole('table', { name: 'GAD-7-Werte, neueste zuerst' }).getByRole('row').nth(1),
  ).toContainText('7 von 21');
  await expect(section.getByText('Letzter Wert: 7 (Leicht)')).toBeVisible();
});

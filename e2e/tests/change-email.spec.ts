import { expect, test } from '../support/fixtures.ts';
import { expectToast, pasteInto, signIn } from '../support/app.ts';
import { uniqueEmail } from '../support/data.ts';
import { codeIn } from '../support/mailbox.ts';

test('a user changes the email with the 6-digit code pasted into the six boxes', async ({
  page,
  a11y,
  mailbox,
  createUser,
}) => {
  const user = await createUser('client');
  const newEmail = uniqueEmail('changed');

  await signIn(page, user.email, user.password, '/account');
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  await a11y('account');

  // The account page has sections (issue 11): email is one of them.
  await page.getByRole('navigation', { name: 'Account sections' }).getByRole('link', { name: 'Email' }).click();
  await expect(page).toHaveURL(/\/account\?section=email$/);
  await page.getByRole('button', { name: 'Change email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update email' });
  await expect(dialog).toBeVisible();
  await a11y('update email: step 1');
  await dialog.getByLabel('New email', { exact: true }).fill(newEmail);
  await dialog.getByLabel('Confirm new email').fill(newEmail);
  await dialog.getByRole('button', { name: 'Send code' }).click();

  const codeDialog = page.getByRole('dialog', { name: 'Enter the code' });
  await expect(codeDialog).toBeVisible();
  await expect(codeDialog.getByText(newEmail)).toBeVisible();
  const boxes = codeDialog.getByRole('group', { name: 'Verification code' }).getByRole('textbox');
  await expect(boxes).toHaveCount(6);
  // The code is on its way: the toast says so (scanned with the step, once it is in place).
  await expectToast(page, 'Input Your OTP Sent Via Email');
  await a11y('update email: code step');

  const code = codeIn(await mailbox.waitFor(newEmail, 'Your code to change your email'));
  expect(code).toHaveLength(6);
  await pasteInto(page, boxes.first(), code);
  for (let i = 0; i < 6; i++) await expect(boxes.nth(i)).toHaveValue(code[i]!);

  await codeDialog.getByRole('button', { name: 'Confirm' }).click();
  await expectToast(page, 'Email Changed Successful');
  await expect(codeDialog).toBeHidden();
  await expect(page.getByText(newEmail)).toBeVisible();
  // The old address is told about the change.
  await mailbox.waitFor(user.email, 'Your email address was changed');
});

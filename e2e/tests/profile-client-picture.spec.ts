import { expect, test } from '../support/fixtures.ts';
import { expectToast, signIn } from '../support/app.ts';
import { pngOf } from './profile-images.ts';

test('a client uploads and crops a picture, switches to an avatar and deletes the picture', async ({
  page,
  a11y,
  createUser,
}) => {
  const client = await createUser('client');
  await signIn(page, client.email, client.password, '/account');
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Personal details' })).toBeVisible();
  await expect(page.getByLabel('Username')).toBeVisible();
  await a11y('account with client profile');

  const headerAvatar = page.getByRole('banner').getByRole('link', { name: 'Your profile' });
  await expect(headerAvatar.locator('img')).toHaveCount(0);
  await expect(headerAvatar).toContainText('RC');

  // Image selection: New Image, Use Avatar (Delete only once there is a picture).
  await page.getByRole('button', { name: 'Change profile picture' }).click();
  let dialog = page.getByRole('dialog', { name: 'Profile picture' });
  await expect(dialog.getByRole('button', { name: 'New Image' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Use Avatar' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await a11y('image selection dialog');

  // A picture smaller than 200x200 is refused in the browser.
  await dialog
    .getByTestId('profile-image-input')
    .setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: await pngOf(120, 120) });
  await expect(dialog.getByRole('alert')).toHaveText('Image dimensions should be at least 200x200 pixels.');
  await dialog
    .getByTestId('profile-image-input')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(dialog.getByRole('alert')).toHaveText('Please upload a valid image file.');

  // A real 400x400 PNG: crop (zoom with the keyboard), preview, save.
  await dialog
    .getByTestId('profile-image-input')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await pngOf(400, 400) });
  dialog = page.getByRole('dialog', { name: 'Crop image' });
  await expect(dialog).toBeVisible();
  const zoom = dialog.getByLabel('Zoom');
  await expect(zoom).toHaveAttribute('min', '1');
  await expect(zoom).toHaveAttribute('max', '3');
  await expect(zoom).toHaveAttribute('step', '0.1');
  await zoom.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(zoom).toHaveValue('1.2');
  await dialog.getByRole('group', { name: 'Crop area' }).focus();
  await page.keyboard.press('ArrowLeft');
  await a11y('crop dialog');
  await dialog.getByRole('button', { name: 'Crop', exact: true }).click();

  dialog = page.getByRole('dialog', { name: 'Profile Image' });
  await expect(dialog.getByRole('img', { name: 'Preview of your new profile picture' })).toBeVisible();
  await a11y('profile image preview dialog');
  await dialog.getByRole('button', { name: 'Save picture' }).click();
  await expectToast(page, 'Image Changed Successfully');
  await expect(dialog).toBeHidden();

  // The header shows the uploaded picture at once (a signed file URL), and it really loads.
  const headerImg = headerAvatar.locator('img');
  await expect(headerImg).toHaveAttribute('src', /\/api\/v1\/files\//);
  await expect
    .poll(() => headerImg.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);

  // Use Avatar: saving without a choice is refused, then a choice is saved.
  await page.getByRole('button', { name: 'Change profile picture' }).click();
  dialog = page.getByRole('dialog', { name: 'Profile picture' });
  await dialog.getByRole('button', { name: 'Use Avatar' }).click();
  dialog = page.getByRole('dialog', { name: 'SELECT AN AVATAR' });
  await expect(dialog.getByRole('radio').first()).toBeAttached();
  await a11y('avatar picker dialog');
  await dialog.getByRole('button', { name: 'Save avatar' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('please select an Avatar');
  // Keyboard: focus the first avatar, arrow to the second (a radio group).
  await dialog.getByRole('radio', { name: 'Avatar 1', exact: true }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('radio', { name: 'Avatar 2', exact: true })).toBeChecked();
  await dialog.getByRole('button', { name: 'Save avatar' }).click();
  await expectToast(page, 'Image Changed Successfully');
  await expect(headerImg).toHaveAttribute('src', /\/avatars\/.+\.svg$/);

  // Delete: "Are you sure", then the header falls back to initials.
  await page.getByRole('button', { name: 'Change profile picture' }).click();
  await page.getByRole('dialog', { name: 'Profile picture' }).getByRole('button', { name: 'Delete' }).click();
  dialog = page.getByRole('dialog', { name: 'Are you sure' });
  await a11y('delete picture dialog');
  await dialog.getByRole('button', { name: 'Delete picture' }).click();
  await expectToast(page, 'Image Deleted Successfully');
  await expect(headerAvatar.locator('img')).toHaveCount(0);
  await expect(headerAvatar).toContainText('RC');
});

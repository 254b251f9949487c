import sharp from 'sharp';

/**
 * A real PNG of the given size (a two-colour split, so a crop shows), made in the test process. Shared by the
 * profile journeys; not a spec file, so Playwright does not run it.
 */
export async function pngOf(width: number, height: number): Promise<Buffer> {
  const left = await sharp({
    create: { width: Math.ceil(width / 2), height, channels: 3, background: { r: 22, g: 120, b: 110 } },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: { r: 245, g: 200, b: 80 } } })
    .composite([{ input: left, left: 0, top: 0 }])
    .png()
    .toBuffer();
}

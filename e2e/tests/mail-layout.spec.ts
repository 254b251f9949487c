import type { Locale } from '@therapy/contracts/messages';
import type { NotificationMailKind } from '@therapy/contracts/mail-preferences';
import { expect, test } from '../support/fixtures.ts';
import type { BookingMailKind } from '../../apps/api/src/modules/booking-mail/booking-mail-plan.ts';
import {
  bookingMailTexts,
  bookingReminderTexts,
  holdReminderTexts,
  type BookingMailParams,
} from '../../apps/api/src/modules/booking-mail/booking-mail-texts.ts';
import { expiryMail } from '../../apps/api/src/modules/credentials/credential-expiry-mail.ts';
import { readyMail } from '../../apps/api/src/modules/data-export/export-texts.ts';
import { measureMailTexts } from '../../apps/api/src/modules/measures/measure-mail.ts';
import { laterDecisionMail, type LaterDecision } from '../../apps/api/src/modules/verification/verification-mail.ts';
import { createMailComposer } from '../../apps/api/src/platform/mail/compose-mail.ts';
import { mailTemplates } from '../../apps/api/src/platform/mail/templates.ts';
import { createUnsubscribeTokens } from '../../apps/api/src/platform/mail/unsubscribe-token.ts';

/**
 * Issue 49: every mail's HTML part, as the app composes it (the same composer, layout and notification footer),
 * rendered in Chromium on a 375 px phone in light and in dark mode (`prefers-color-scheme`, which the layout's
 * styles answer). Nothing may be wider than the screen (no horizontal scrolling), every text keeps WCAG contrast
 * with what is actually behind it, and a screenshot of each is kept under test-results
 * (`mail-layout-…/mails/<scheme>/<mail>.<lang>.png`) for a person to look at.
 */

const WIDTH = 375;
const ORIGIN = 'https://app.therapy-finder.example';
// Values as long as real ones get: a hyphenated double name, a signed export link, a long document name.
const NAME = 'Amara Okafor-Schmidt';
const OTHER = 'Dr. Siobhán O’Connor-Müller';
const UUID = '0195f3a2-7c1e-7b44-9a0b-2f8c3d4e5f60';
const LINK = `${ORIGIN}/account/export/${UUID}?expires=1780000000&signature=Zx3kQ9vT2mN8pL4rS6wY1aB5cD7eF0gH2iJ4kL6mN8o`;
const WHEN = { en: 'Tue, Dec 1, 2026, 9:00 AM–9:50 AM GMT', de: 'Di., 1. Dez. 2026, 09:00–09:50 MEZ' };

interface Sample {
  name: string;
  lang: Locale;
  subject: string;
  text: string;
  notification?: NotificationMailKind;
}

function samples(): Sample[] {
  const out: Sample[] = [];
  for (const lang of ['en', 'de'] as const) {
    const add = (name: string, mail: { subject: string; text: string }, notification?: NotificationMailKind) =>
      out.push({ name: `${name}.${lang}`, lang, ...mail, ...(notification ? { notification } : {}) });
    const t = mailTemplates;
    add('verify-email', t.verifyEmail[lang]({ name: NAME, link: LINK }));
    add('reset-password', t.resetPassword[lang]({ name: NAME, link: LINK }));
    add('sign-up-attempt', t.signUpAttempt[lang]({ name: NAME, loginLink: `${ORIGIN}/login`, resetLink: LINK }));
    add('email-change-code', t.emailChangeCode[lang]({ name: NAME, code: '493817' }));
    add('email-change-attempt', t.emailChangeAttempt[lang]({ name: NAME, loginLink: `${ORIGIN}/login` }));
    for (const [key, template] of Object.entries(t)) {
      if (['verifyEmail', 'resetPassword', 'signUpAttempt', 'emailChangeCode', 'emailChangeAttempt'].includes(key))
        continue;
      // The other templates take names, links, amounts, notes and counts: each key gets a long value of its kind.
      const params = new Proxy({} as Record<string, unknown>, {
        get: (_target, prop: string) =>
          /link/i.test(prop)
            ? LINK
            : /email/i.test(prop)
              ? 'amara.okafor-schmidt@example-practice.com'
              : prop === 'days'
                ? 14
                : prop === 'amount'
                  ? lang === 'de'
                    ? '1.250,00 €'
                    : '£1,250.00'
                  : prop === 'when' || prop === 'until'
                    ? WHEN[lang]
                    : prop === 'note'
                      ? 'Please upload the back of your licence as well; the scan we have is cut off at the edge.'
                      : OTHER,
      });
      const notification: NotificationMailKind | undefined =
        key === 'chatUnread' ? 'messages' : key === 'waitlistOffer' ? 'bookingUpdates' : undefined;
      add(
        `template-${key}`,
        (template as unknown as Record<Locale, (p: unknown) => { subject: string; text: string }>)[lang](params),
        notification,
      );
    }
    const booking: BookingMailParams = {
      name: NAME,
      other: OTHER,
      therapy: lang === 'de' ? 'Einzeltherapie' : 'Individual therapy',
      when: WHEN[lang],
      where: 'https://meet.therapy-finder.example/room/0195f3a2-7c1e-7b44-9a0b-2f8c3d4e5f60',
      link: `${ORIGIN}/appointments/${UUID}`,
      due: WHEN[lang],
      reason: 'I am away at a conference that week; one of these times would suit me.',
      suggestions: [1, 2].map((i) => ({
        when: WHEN[lang],
        link: `${ORIGIN}/therapists/${UUID}?slot=eyJwIjoiMDE5NWYzYTIiLCJzIjoiMjAyNi0xMi0wMVQwOTowMFoiLCJpIjo${i}fQ.sig`,
      })),
      refund: lang === 'de' ? '65,00 €' : '£65.00',
    };
    const transactional: ReadonlySet<string> = new Set(['confirmed', 'rescheduled', 'cancelled', 'shared']);
    for (const [kind, text] of Object.entries(bookingMailTexts[lang]) as Array<
      [BookingMailKind, (p: BookingMailParams) => { subject: string; text: string }]
    >)
      add(`booking-${kind}`, text(booking), transactional.has(kind) ? undefined : 'bookingUpdates');
    add('booking-reminder', bookingReminderTexts[lang]({ ...booking, hours: 24 }), 'reminders');
    add('hold-reminder', holdReminderTexts[lang](booking), 'reminders');
    for (const decision of ['changes_approved', 'changes_rejected', 'suspended', 'reinstated'] as LaterDecision[])
      add(
        `verification-${decision}`,
        laterDecisionMail(lang, decision, {
          name: NAME,
          note: 'The insurance certificate names another practice.',
          link: LINK,
        }),
      );
    for (const kind of ['reminder', 'expired'] as const)
      add(
        `credential-${kind}`,
        expiryMail(lang, kind, {
          name: NAME,
          document: 'licence (California Board of Behavioral Sciences, LMFT-123456789)',
          expiresOn: lang === 'de' ? '31.12.2026' : 'Dec 31, 2026',
          days: 14,
          link: `${ORIGIN}/practice/credentials?id=${UUID}`,
        }),
      );
    add('measure-requested', measureMailTexts.requested[lang]({ name: NAME, from: OTHER, link: LINK }));
    add(
      'measure-needs-attention',
      measureMailTexts.needsAttention[lang]({ name: NAME, client: OTHER, link: `${ORIGIN}/clients/${UUID}` }),
    );
    add('data-export-ready', readyMail(lang, { name: NAME, link: LINK, validUntil: WHEN[lang] }));
  }
  return out;
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`every mail fits a ${WIDTH} px phone in ${colorScheme} mode`, async ({ browser }, testInfo) => {
    test.setTimeout(180_000);
    const composer = createMailComposer({
      appOrigin: ORIGIN,
      mailDomain: 'therapy-finder.example',
      tokens: createUnsubscribeTokens('a-test-secret-for-the-screenshots-only'),
    });
    const context = await browser.newContext({
      viewport: { width: WIDTH, height: 740 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      colorScheme,
    });
    const page = await context.newPage();
    const all = samples();
    // Every kind of mail of both languages is here (a template added later is picked up by the loops above).
    expect(all.length).toBeGreaterThan(60);
    const overflowing: string[] = [];
    for (const sample of all) {
      const mail = await composer.compose({
        to: 'amara@example.com',
        lang: sample.lang,
        subject: sample.subject,
        text: sample.text,
        ...(sample.notification ? { notification: { userId: UUID, kind: sample.notification } } : {}),
      });
      expect(mail.html, sample.name).toBeTruthy();
      // The page has no network: a mail's HTML is self-contained (no remote images or fonts).
      await page.setContent(mail.html!, { waitUntil: 'load' });
      const measured = await page.evaluate(() => {
        const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
        // The colour actually behind an element: the first ancestor (or itself) with an opaque background.
        const behind = (el: Element | null): string => {
          for (let at = el; at; at = at.parentElement) {
            const bg = getComputedStyle(at).backgroundColor;
            const [, , , alpha = 1] = rgb(bg);
            if (alpha > 0) return bg;
          }
          return 'rgb(255, 255, 255)';
        };
        const luminance = (c: string) => {
          const [r, g, b] = rgb(c).map((v) => {
            const s = v / 255;
            return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
          });
          return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
        };
        const contrast = (a: string, b: string) => {
          const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
          return (hi! + 0.05) / (lo! + 0.05);
        };
        // WCAG 1.4.3: 4.5:1 for text, 3:1 for large text (24 px, or 18.66 px bold).
        const weak = Array.from(
          document.querySelectorAll('.mail-brand, .mail-text, .mail-link, .mail-button, .mail-footer-text'),
        )
          .map((el) => {
            const style = getComputedStyle(el);
            const large =
              parseFloat(style.fontSize) >= 24 ||
              (parseFloat(style.fontSize) >= 18.66 && Number(style.fontWeight) >= 700);
            const ratio = contrast(style.color, behind(el));
            return ratio < (large ? 3 : 4.5)
              ? `${el.className} ${style.color} on ${behind(el)}: ${ratio.toFixed(2)}`
              : null;
          })
          .filter((x): x is string => x !== null);
        return {
          scrollWidth: document.scrollingElement!.scrollWidth,
          // The page's own colour around the card (its top left corner), and the card's text.
          frame: behind(document.elementFromPoint(2, 2)),
          text: getComputedStyle(document.querySelector('.mail-text')!).color,
          weak,
        };
      });
      if (measured.scrollWidth > WIDTH) overflowing.push(`${sample.name}: ${measured.scrollWidth} px`);
      expect(measured.weak, `${sample.name}: text with too little contrast`).toEqual([]);
      // Dark mode is the layout's own dark palette around and in the card, not the light one on a dark screen.
      if (colorScheme === 'dark') {
        expect(measured.frame, sample.name).toBe('rgb(11, 18, 32)');
        expect(measured.text, sample.name).toBe('rgb(229, 231, 235)');
      } else {
        expect(measured.frame, sample.name).toBe('rgb(241, 245, 249)');
        expect(measured.text, sample.name).toBe('rgb(15, 23, 42)');
      }
      await page.screenshot({ path: testInfo.outputPath('mails', colorScheme, `${sample.name}.png`), fullPage: true });
    }
    expect(overflowing, `mails wider than ${WIDTH} px`).toEqual([]);
    await context.close();
  });
}

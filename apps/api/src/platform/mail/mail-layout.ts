import { createElement as h, Fragment, type ReactNode } from 'react';
import { Body, Button, Container, Head, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';
import { render } from '@react-email/render';
import type { Locale } from '@therapy/contracts/messages';

/**
 * Every mail's one template (issue 49): a mail is written once, as its text (templates.ts and each module's texts),
 * and `MailLayout` lays that same text out as HTML: the brand header, one paragraph per paragraph of the text, its
 * main link as a button, the footer. So the plain-text part is the text itself and the HTML part is made from it;
 * no mail has two copies to keep in step, and both parts carry the same links. React escapes every text and
 * attribute, so names and messages people typed are never markup.
 */
export const BRAND = 'Therapy Finder';

/** What one paragraph of a mail's text is, once read. */
export type MailBlock =
  { type: 'paragraph'; lines: string[] } | { type: 'button'; label: string; href: string; before?: string };

const URL_PATTERN = /(https?:\/\/[^\s<>"]+|mailto:[^\s<>"()]+)/g;
/** A URL's end is never its sentence's full stop or closing bracket. */
const trimUrl = (url: string) => url.replace(/[.,;:!?)]+$/, '');
const isUrl = (s: string) => /^(https?:\/\/|mailto:)\S+$/.test(s);

const openLabel: Record<Locale, string> = { en: 'Open the link', de: 'Link öffnen' };

/**
 * The mail's text as blocks: paragraphs are separated by a blank line; the first line that is only a link, or a short
 * "Label: link", becomes the main button (a sentence before the label stays text); a list item ("- …") never does.
 * Every other link stays in its line, as a link.
 */
export function mailBlocks(text: string, locale: Locale): MailBlock[] {
  const blocks: MailBlock[] = [];
  let buttonFound = false;
  for (const paragraph of text.replace(/\r\n/g, '\n').split(/\n{2,}/)) {
    const lines = paragraph.split('\n').filter((l) => l.trim() !== '');
    if (lines.length === 0) continue;
    let kept: string[] = [];
    for (const line of lines) {
      const action = buttonFound ? undefined : actionOf(line.trim(), locale);
      if (!action) {
        kept.push(line);
        continue;
      }
      buttonFound = true;
      if (kept.length > 0) blocks.push({ type: 'paragraph', lines: kept });
      kept = [];
      if (action.before) blocks.push({ type: 'paragraph', lines: [action.before] });
      blocks.push({ type: 'button', label: action.label, href: action.href });
    }
    if (kept.length > 0) blocks.push({ type: 'paragraph', lines: kept });
  }
  return blocks;
}

function actionOf(line: string, locale: Locale): { label: string; href: string; before?: string } | undefined {
  // A list item is one choice among several (a decline's suggested times), never the mail's one main action.
  if (/^[-•*]\s/.test(line)) return undefined;
  if (isUrl(line) && line.startsWith('http')) return { label: openLabel[locale], href: line };
  const match = /^(.*\S):\s+(https?:\/\/\S+)$/.exec(line);
  if (!match) return undefined;
  const [, lead, href] = match as unknown as [string, string, string];
  // "We hold it until Friday. Book it here: <link>": the last sentence is the button's label.
  const cut = Math.max(lead.lastIndexOf('. '), lead.lastIndexOf('? '), lead.lastIndexOf('! '));
  const label = cut === -1 ? lead : lead.slice(cut + 2);
  if ([...label].length > 60 || /(https?:\/\/|mailto:)/.test(label)) return undefined;
  return { label, href, ...(cut === -1 ? {} : { before: lead.slice(0, cut + 1) }) };
}

/** One line of text with its links as links. */
function linkified(line: string, key: number): ReactNode {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of line.matchAll(URL_PATTERN)) {
    const url = trimUrl(match[0]);
    const at = match.index;
    if (at > last) parts.push(line.slice(last, at));
    parts.push(h(Link, { key: `${key}-${at}`, href: url, className: 'mail-link', style: styles.link }, url));
    last = at + url.length;
  }
  if (last < line.length) parts.push(line.slice(last));
  return h(Fragment, { key }, ...parts);
}

const styles = {
  body: { margin: 0, padding: 0, backgroundColor: '#f1f5f9', fontFamily: 'Arial, Helvetica, sans-serif' },
  frame: { backgroundColor: '#f1f5f9', padding: '24px 0' },
  container: { width: '100%', maxWidth: '600px', margin: '0 auto' },
  header: { padding: '0 24px 12px' },
  brand: { margin: 0, fontSize: '18px', fontWeight: 700, color: '#0f766e', lineHeight: '28px' },
  card: { backgroundColor: '#ffffff', borderRadius: '12px', padding: '24px', border: '1px solid #e2e8f0' },
  text: { margin: '0 0 16px', fontSize: '16px', lineHeight: '24px', color: '#0f172a' },
  button: {
    display: 'inline-block',
    backgroundColor: '#0f766e',
    color: '#ffffff',
    borderRadius: '8px',
    padding: '12px 20px',
    fontSize: '16px',
    fontWeight: 700,
    textDecoration: 'none',
    maxWidth: '100%',
  },
  buttonRow: { margin: '0 0 16px' },
  link: { color: '#0f766e', textDecoration: 'underline', wordBreak: 'break-all' as const },
  footer: { padding: '12px 24px 0' },
  footerText: { margin: '0 0 8px', fontSize: '13px', lineHeight: '20px', color: '#475569' },
  rule: { borderColor: '#e2e8f0', margin: '16px 0' },
};

/**
 * Dark mode (clients that honour `prefers-color-scheme`; others keep the light colours, which read well on their own
 * dark chrome): every coloured element has a class the media query recolours over its inline style.
 */
const darkCss = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  .mail-body, .mail-frame { background-color: #0b1220 !important; }
  .mail-card { background-color: #111827 !important; border-color: #334155 !important; }
  .mail-text { color: #e5e7eb !important; }
  .mail-brand, .mail-link { color: #5eead4 !important; }
  .mail-button { background-color: #2dd4bf !important; color: #042f2e !important; }
  .mail-footer-text { color: #cbd5e1 !important; }
}
@media only screen and (max-width: 480px) {
  .mail-card { padding: 16px !important; border-radius: 0 !important; }
}
`;

export interface MailLayoutProps {
  lang: Locale;
  subject: string;
  /** The mail's text (its plain-text part). */
  text: string;
  /** Lines under the mail (why it came, how to stop it), also the text's last paragraph. */
  footer?: string[];
}

export function MailLayout({ lang, subject, text, footer = [] }: MailLayoutProps) {
  const blocks = mailBlocks(text, lang);
  const preview = blocks.find((b) => b.type === 'paragraph' && b.lines.length > 0);
  return h(
    Html,
    { lang, dir: 'ltr' },
    h(
      Head,
      null,
      h('title', null, subject),
      h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
      h('meta', { name: 'color-scheme', content: 'light dark' }),
      h('meta', { name: 'supported-color-schemes', content: 'light dark' }),
      h('style', null, darkCss),
    ),
    preview && preview.type === 'paragraph' ? h(Preview, null, preview.lines.join(' ')) : null,
    h(
      Body,
      { className: 'mail-body', style: styles.body },
      // The page's colour sits on a frame of its own: React Email's Body repeats its style on an inner cell that
      // carries no class, which dark mode could then not recolour (a light frame around the dark card).
      h(
        Section,
        { className: 'mail-frame', style: styles.frame },
        h(
          Container,
          { style: styles.container },
          h(Section, { style: styles.header }, h(Text, { className: 'mail-brand', style: styles.brand }, BRAND)),
          h(
            Section,
            { className: 'mail-card', style: styles.card },
            ...blocks.map((b, i) =>
              b.type === 'button'
                ? h(
                    Section,
                    { key: i, style: styles.buttonRow },
                    h(Button, { href: b.href, className: 'mail-button', style: styles.button }, b.label),
                  )
                : h(
                    Text,
                    { key: i, className: 'mail-text', style: styles.text },
                    ...b.lines.flatMap((line, j) =>
                      j === 0 ? [linkified(line, j)] : [h('br', { key: `br${j}` }), linkified(line, j)],
                    ),
                  ),
            ),
          ),
          h(
            Section,
            { style: styles.footer },
            footer.length > 0 ? h(Hr, { style: styles.rule }) : null,
            ...footer.map((line, i) =>
              h(Text, { key: i, className: 'mail-footer-text', style: styles.footerText }, linkified(line, i)),
            ),
            h(Text, { className: 'mail-footer-text', style: styles.footerText }, BRAND),
          ),
        ),
      ),
    ),
  );
}

/** The HTML part of a mail. */
export const renderMailHtml = (props: MailLayoutProps): Promise<string> => render(h(MailLayout, props));

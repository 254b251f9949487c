import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getDevMailbox } from '@therapy/contracts/endpoints/ops';
import type { AppDeps } from '../../deps.ts';
import { route } from '../../platform/http/route.ts';
import { listOutboxMail } from '../../platform/mail/outbox.repository.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const linkify = (s: string) => s.replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

/** Outside production, without SMTP, every mail the app sent is readable here (DESIGN.md §2). */
export const devMailboxRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  route(app, getDevMailbox, async (_req, reply) => {
    const mails = deps.mailer.kind === 'outbox' ? await listOutboxMail(deps.db) : [];
    const items = mails
      .map(
        (mail) =>
          `<article><h2>${escape(mail.subject)}</h2><p class="meta">To ${escape(mail.recipient)} · ${mail.createdAt.toISOString()}${mail.messageId ? ` · ${escape(mail.messageId)}` : ''}</p><pre>${linkify(escape(mail.text))}</pre></article>`,
      )
      .join('');
    const note =
      deps.mailer.kind === 'smtp'
        ? '<p>Mail goes to the SMTP server set in SMTP_URL, so nothing is kept here.</p>'
        : '';
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Dev mailbox</title>` +
          `<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#1f2937}article{border:1px solid #d1d5db;border-radius:.5rem;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap;font:inherit}.meta{color:#4b5563;font-size:.875rem}</style></head>` +
          `<body><main><h1>Dev mailbox</h1><p>Mail sent by this development server, newest first.</p>${note}${items || '<p>No mail yet.</p>'}</main></body></html>`,
      );
  });
};

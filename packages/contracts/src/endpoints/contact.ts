import { z } from 'zod';
import { envelope, errorBody, messageOnly, paged } from '../common.ts';
import { contactInput, contactListQuery, contactMessage } from '../contact.ts';
import { defineEndpoint } from '../endpoint.ts';
import { m } from '../messages/index.ts';

/** The contact form (spec §5 "Contact form", issue 49): visitors write in, operators read and mark answered. */
const tags = ['contact'] as const;

export const sendContactMessage = defineEndpoint({
  method: 'POST',
  path: '/contact',
  operationId: 'sendContactMessage',
  summary:
    'Send the contact form: stored for the operators, mailed to them, a receipt mailed to the sender (the same answer whoever the address belongs to; a few per address per hour)',
  tags,
  role: 'public',
  body: contactInput,
  responses: { 201: messageOnly, 400: errorBody, 429: errorBody },
});

const operatorErrors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 429: errorBody };

export const listContactMessages = defineEndpoint({
  method: 'GET',
  path: '/operator/contact-messages',
  operationId: 'listContactMessages',
  summary: 'The contact form inbox, newest first, a page at a time',
  tags,
  role: 'operator',
  query: contactListQuery,
  responses: { 200: paged(contactMessage), ...operatorErrors },
});

export const markContactMessageAnswered = defineEndpoint({
  method: 'POST',
  path: '/operator/contact-messages/:id/answered',
  operationId: 'markContactMessageAnswered',
  summary: 'Mark a contact message answered (once; later calls keep the first time)',
  tags,
  role: 'operator',
  params: z.strictObject({ id: z.uuid({ error: m.notFound }) }),
  responses: { 200: envelope(contactMessage), ...operatorErrors },
});

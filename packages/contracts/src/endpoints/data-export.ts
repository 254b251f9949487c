import { z } from 'zod';
import { envelope, errorBody } from '../common.ts';
import { dataExport, dataExportDownloadQuery } from '../data-export.ts';
import { defineEndpoint } from '../endpoint.ts';
import { m } from '../messages/index.ts';

/**
 * The user's own data export (issue 20; decision 0035): ask for one, see the latest one's state, and download it
 * with the mailed link (the signed-in owner and a valid, unexpired signature, both). Any signed-in user.
 */
const tags = ['user'] as const;
const role = 'user';

export const requestDataExport = defineEndpoint({
  method: 'POST',
  path: '/user/export',
  operationId: 'requestDataExport',
  summary:
    'Ask for a ZIP of all your data (JSON and CSV); a link is mailed when it is ready. One export in preparation at a time',
  tags,
  role,
  responses: { 202: envelope(dataExport), 400: errorBody, 401: errorBody, 429: errorBody },
});

export const getDataExport = defineEndpoint({
  method: 'GET',
  path: '/user/export',
  operationId: 'getDataExport',
  summary: 'Your latest data export and its state (null when you never asked for one)',
  tags,
  role,
  responses: { 200: envelope(dataExport.nullable()), 401: errorBody },
});

export const downloadDataExport = defineEndpoint({
  method: 'GET',
  path: '/user/export/:id/download',
  operationId: 'downloadDataExport',
  summary:
    "Your export's ZIP, with the mailed link's `expires` and `signature` (someone else's export: 404; an expired link: 410)",
  tags,
  role,
  params: z.strictObject({ id: z.uuid({ error: m.notFound }) }),
  query: dataExportDownloadQuery,
  responses: {
    200: {
      description: 'The ZIP file',
      content: { 'application/zip': { schema: z.unknown().meta({ type: 'string', format: 'binary' }) } },
    },
    400: errorBody,
    401: errorBody,
    404: errorBody,
    410: errorBody,
  },
});

import { z } from 'zod';
import { envelope, errorBody } from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';
import { referenceListParams } from '../reference.ts';
import {
  country,
  countryCodeParams,
  countryIdParams,
  countryListQuery,
  language,
  languageListQuery,
  referenceItem,
  state,
  userTimezone,
} from '../regions.ts';

/** Countries, states, languages, time zones and pick lists: spec §7 "Regions". Public, no sign-in needed. */
const tags = ['regions'] as const;
const errors = { 400: errorBody, 404: errorBody };

export const listCountries = defineEndpoint({
  method: 'GET',
  path: '/region/country',
  operationId: 'listCountries',
  summary: 'Operating countries, or every country with all=true',
  tags,
  role: 'public',
  query: countryListQuery,
  responses: { 200: envelope(z.array(country)), ...errors },
});

export const listStatesByCountryId = defineEndpoint({
  method: 'GET',
  path: '/region/country/:id/states',
  operationId: 'listStatesByCountryId',
  summary: 'The states of a country, by its identifier',
  tags,
  role: 'public',
  params: countryIdParams,
  responses: { 200: envelope(z.array(state)), ...errors },
});

export const listStatesByCountryCode = defineEndpoint({
  method: 'GET',
  path: '/region/country/code/:code/states',
  operationId: 'listStatesByCountryCode',
  summary: 'The states of a country, by its ISO code',
  tags,
  role: 'public',
  params: countryCodeParams,
  responses: { 200: envelope(z.array(state)), ...errors },
});

export const listLanguages = defineEndpoint({
  method: 'GET',
  path: '/region/languages',
  operationId: 'listLanguages',
  summary: 'Languages a client may prefer, or only the primary ones with primary=true',
  tags,
  role: 'public',
  query: languageListQuery,
  responses: { 200: envelope(z.array(language)), ...errors },
});

/** The country comes from the x-country header, else the web app's country cookie. */
export const getSuggestedTimezones = defineEndpoint({
  method: 'GET',
  path: '/region/user-timezone',
  operationId: 'getSuggestedTimezones',
  summary: "The time zone suggested for the caller's country, and that country's zones",
  tags,
  role: 'public',
  responses: { 200: envelope(userTimezone), ...errors },
});

/** One seeded pick list (names in ../reference.ts). */
export const getReferenceList = defineEndpoint({
  method: 'GET',
  path: '/reference/:list',
  operationId: 'getReferenceList',
  summary: 'One pick list: therapy categories, modalities, religions, ...',
  tags: ['reference'],
  role: 'public',
  params: referenceListParams,
  responses: { 200: envelope(z.array(referenceItem)), 400: errorBody, 404: errorBody },
});

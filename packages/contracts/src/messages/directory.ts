import { defineMessages } from './define.ts';

/** The therapist directory (issue 16): spec §2 "US state picker" and the search's bad input. */
export const directoryMessages = defineMessages({
  stateUnknown: { en: 'Please choose a US state', de: 'Bitte wähle einen US-Bundesstaat' },
  filterUnknown: { en: 'This filter value does not exist: {value}', de: 'Diesen Filterwert gibt es nicht: {value}' },
  filterInvalid: { en: 'This filter is not valid', de: 'Dieser Filter ist ungültig' },
  priceRangeInvalid: { en: 'The price range is not valid', de: 'Die Preisspanne ist ungültig' },
  sortInvalid: {
    en: 'Sort by best match, rating or price',
    de: 'Sortiere nach bester Übereinstimmung, Bewertung oder Preis',
  },
  searchTooLong: { en: 'The search is at most 100 characters', de: 'Die Suche hat höchstens 100 Zeichen' },
});

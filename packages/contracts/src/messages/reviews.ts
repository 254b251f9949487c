import { defineMessages } from './define.ts';

/**
 * Reviews (issue 16): spec §2 "Edit Review", §4 "Review", §5 "Comment". The spec names the limits (rating in half
 * steps, comment 5-2500, one edit) but not every text; those below that are not the spec's are ours.
 */
export const reviewMessages = defineMessages({
  // Spec §2 "Edit Review".
  reviewEditOnce: {
    en: 'Your review can only be edited once',
    de: 'Deine Bewertung kann nur einmal bearbeitet werden',
  },
  reviewRatingInvalid: {
    en: 'Please choose a rating from 0.5 to 5 stars, in half stars',
    de: 'Bitte wähle eine Bewertung von 0,5 bis 5 Sternen, in halben Sternen',
  },
  reviewCommentMin: {
    en: 'Your comment must be at least 5 characters',
    de: 'Dein Kommentar muss mindestens 5 Zeichen haben',
  },
  reviewCommentMax: {
    en: 'Your comment must be at most 2500 characters',
    de: 'Dein Kommentar darf höchstens 2500 Zeichen haben',
  },
  reviewSaved: { en: 'Thank you for your review', de: 'Danke für deine Bewertung' },
  reviewUpdated: { en: 'Review Updated Successfully', de: 'Bewertung erfolgreich aktualisiert' },
  reviewNotAllowed: {
    en: 'You can review a session once it has taken place',
    de: 'Du kannst eine Sitzung bewerten, sobald sie stattgefunden hat',
  },
  reviewMissing: {
    en: 'There is no review of this session to edit yet',
    de: 'Zu dieser Sitzung gibt es noch keine Bewertung, die du bearbeiten kannst',
  },
  reviewExists: { en: 'You have already reviewed this session', de: 'Du hast diese Sitzung bereits bewertet' },
});

/** One mail as the app hands it over; its own module so the mailer and the outbox repository both depend on it, not on each other. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra header fields (a notification's List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
  headers?: Record<string, string>;
  /** Small text attachments (a booking's .ics); the dev outbox table keeps only the mail text. */
  attachments?: MailAttachment[];
  /**
   * A calendar object (a booking's .ics), nodemailer's `icalEvent`: sent as a `text/calendar; method=…` alternative of
   * the body and as an attachment, so mail apps show it as an invitation; the dev outbox keeps only the mail text.
   */
  icalEvent?: MailCalendarEvent;
}

export interface MailCalendarEvent {
  method: 'REQUEST' | 'CANCEL' | 'PUBLISH';
  filename: string;
  content: string;
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

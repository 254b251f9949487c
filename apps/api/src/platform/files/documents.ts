import { fileTypeFromBuffer } from 'file-type';
import { CREDENTIAL_FILE_MAX_BYTES, credentialFileProblem, fileExtension } from '@therapy/contracts/credentials';
import { m } from '@therapy/contracts/messages';
import { CHAT_FILE_MAX_BYTES, chatFileExtensions } from '@therapy/contracts/chat';
import { NOTE_FILE_MAX_BYTES, noteFileProblem, type NoteType } from '@therapy/contracts/notes';
import { AppError } from '../errors.ts';

/**
 * Documents (credential and insurance files, spec §5 "Credential"): doc, docx, pdf, jpg, jpeg, png. The name's
 * extension must be one of those AND agree with what the bytes are (sniffed by file-type, never the client's content
 * type): a renamed executable or a text file called .pdf is refused. A .doc is an OLE compound file (file-type: cfb);
 * a .docx is a zip whose entries are under word/ (file-type reads the zip to say docx).
 */
const sniffedByExtension: Record<string, { sniffed: string; contentType: string }> = {
  pdf: { sniffed: 'application/pdf', contentType: 'application/pdf' },
  png: { sniffed: 'image/png', contentType: 'image/png' },
  jpg: { sniffed: 'image/jpeg', contentType: 'image/jpeg' },
  jpeg: { sniffed: 'image/jpeg', contentType: 'image/jpeg' },
  docx: {
    sniffed: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
  doc: { sniffed: 'application/x-cfb', contentType: 'application/msword' },
};

export interface UploadedDocument {
  filename: string;
  data: Buffer;
  /** More than the limit arrived (the reader stops keeping bytes one past it). */
  tooLarge: boolean;
}

export interface CheckedDocument {
  filename: string;
  data: Buffer;
  contentType: string;
  /** The extension we store under (lower case, from the checked name). */
  extension: string;
}

export const documentInvalid = (key: 'credentialFileType' | 'credentialFileContent' | 'credentialFileTooLarge') =>
  AppError.rule(m[key]);

/** Checks one document; throws AppError 400 VALIDATION_ERROR with the message of the first rule it breaks. */
export async function checkDocument(doc: UploadedDocument): Promise<CheckedDocument> {
  const size = doc.tooLarge ? CREDENTIAL_FILE_MAX_BYTES + 1 : doc.data.length;
  const problem = credentialFileProblem({ name: doc.filename, size });
  if (problem) throw documentInvalid(problem);
  const extension = fileExtension(doc.filename);
  const expected = sniffedByExtension[extension];
  const type = doc.data.length > 0 ? await fileTypeFromBuffer(doc.data) : undefined;
  if (!expected || !type || type.mime !== expected.sniffed) throw documentInvalid('credentialFileContent');
  return {
    filename: doc.filename.slice(0, 255),
    data: doc.data,
    contentType: expected.contentType,
    extension: extension === 'jpeg' ? 'jpg' : extension,
  };
}

/**
 * What each note file extension must sniff as (issue 17; spec §5 lists the extensions per kind of note). A CSV has no
 * signature: it must be UTF-8 text without NUL bytes that file-type recognises as nothing.
 */
const noteSniffed: Record<string, { sniffed: readonly string[]; contentType: string }> = {
  pdf: { sniffed: ['application/pdf'], contentType: 'application/pdf' },
  png: { sniffed: ['image/png'], contentType: 'image/png' },
  jpg: { sniffed: ['image/jpeg'], contentType: 'image/jpeg' },
  jpeg: { sniffed: ['image/jpeg'], contentType: 'image/jpeg' },
  doc: { sniffed: ['application/x-cfb'], contentType: 'application/msword' },
  docx: { sniffed: [sniffedByExtension.docx!.sniffed], contentType: sniffedByExtension.docx!.contentType },
  mp3: { sniffed: ['audio/mpeg'], contentType: 'audio/mpeg' },
  wav: { sniffed: ['audio/wav'], contentType: 'audio/wav' },
  ogg: { sniffed: ['audio/ogg', 'audio/opus', 'video/ogg'], contentType: 'audio/ogg' },
  mp4: { sniffed: ['video/mp4', 'audio/mp4'], contentType: 'video/mp4' },
};

const isPlainText = (data: Buffer): boolean => {
  if (data.length === 0 || data.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
    return true;
  } catch {
    return false;
  }
};

/**
 * Checks a note's file: the extension is one the kind of note accepts, at most 10 MB, and the bytes are what the
 * extension says (a renamed executable is refused). Throws 400 with the note's message.
 */
export async function checkNoteFile(type: NoteType, doc: UploadedDocument): Promise<CheckedDocument> {
  const size = doc.tooLarge ? NOTE_FILE_MAX_BYTES + 1 : doc.data.length;
  const problem = noteFileProblem(type, { name: doc.filename, size });
  if (problem) throw AppError.rule(m[problem]);
  const extension = fileExtension(doc.filename);
  const sniffed = doc.data.length > 0 ? await fileTypeFromBuffer(doc.data) : undefined;
  if (extension === 'csv') {
    if (sniffed || !isPlainText(doc.data)) throw AppError.rule(m.noteFileContent);
    return { filename: doc.filename.slice(0, 255), data: doc.data, contentType: 'text/csv', extension };
  }
  const expected = noteSniffed[extension];
  if (!expected || !sniffed || !expected.sniffed.includes(sniffed.mime)) throw AppError.rule(m.noteFileContent);
  return { filename: doc.filename.slice(0, 255), data: doc.data, contentType: expected.contentType, extension };
}

/**
 * A chat attachment (issue 18): jpg, jpeg, png or pdf, at most 10 MB, and the bytes are what the name says (a renamed
 * executable is refused). Throws 400 with the chat's message.
 */
export async function checkChatFile(doc: UploadedDocument): Promise<CheckedDocument> {
  const extension = fileExtension(doc.filename);
  if (!(chatFileExtensions as readonly string[]).includes(extension)) throw AppError.rule(m.chatFileType);
  if (doc.tooLarge || doc.data.length > CHAT_FILE_MAX_BYTES) throw AppError.rule(m.chatFileTooLarge);
  const sniffed = doc.data.length > 0 ? await fileTypeFromBuffer(doc.data) : undefined;
  const expected = noteSniffed[extension];
  if (!expected || !sniffed || !expected.sniffed.includes(sniffed.mime)) throw AppError.rule(m.chatFileContent);
  return { filename: doc.filename.slice(0, 255), data: doc.data, contentType: expected.contentType, extension };
}

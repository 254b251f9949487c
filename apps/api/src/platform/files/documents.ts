import { fileTypeFromBuffer } from 'file-type';
import { CREDENTIAL_FILE_MAX_BYTES, credentialFileProblem, fileExtension } from '@therapy/contracts/credentials';
import { m } from '@therapy/contracts/messages';
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
  docx: { sniffed: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
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

export const documentInvalid = (key: 'credentialFileType' | 'credentialFileContent' | 'credentialFileTooLarge') => AppError.rule(m[key]);

/** Checks one document; throws AppError 400 VALIDATION_ERROR with the message of the first rule it breaks. */
export async function checkDocument(doc: UploadedDocument): Promise<CheckedDocument> {
  const size = doc.tooLarge ? CREDENTIAL_FILE_MAX_BYTES + 1 : doc.data.length;
  const problem = credentialFileProblem({ name: doc.filename, size });
  if (problem) throw documentInvalid(problem);
  const extension = fileExtension(doc.filename);
  const expected = sniffedByExtension[extension];
  const type = doc.data.length > 0 ? await fileTypeFromBuffer(doc.data) : undefined;
  if (!expected || !type || type.mime !== expected.sniffed) throw documentInvalid('credentialFileContent');
  return { filename: doc.filename.slice(0, 255), data: doc.data, contentType: expected.contentType, extension: extension === 'jpeg' ? 'jpg' : extension };
}

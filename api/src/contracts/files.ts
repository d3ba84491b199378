import { z } from 'zod';

/** Files of an employee. */

export const FileMessages = {
  uploadError: 'Upload file error',
  uploaded: 'File uploaded successfully!',
  serverError: 'Server error',
  tooLarge: 'File size should be less than 10mb',
  noFiles: 'No files are available at this time',
  titleRequired: 'Field is required',
  typeNotAllowed: 'This kind of file cannot be uploaded: use PDF, an image, a Word or Excel document, or plain text',
} as const;

/** One file at a time, at most 10,000,000 bytes. */
export const FILE_MAX_BYTES = 10_000_000;

/**
 * The text fields of every upload's multipart form: a title, sent once and as text (the services trim it and
 * keep 200 characters). Other fields are dropped, as extra fields of a JSON body are.
 */
export const ZUploadFields = z.object({ title: z.string({ error: FileMessages.uploadError }).optional() });

export const ZEmployeeFile = z.object({
  id: z.number().int(),
  title: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  createdOn: z.string(),
  /** The client's IANA time zone, which the upload's time is shown in (contracts/formats clientDateTime), as the audit log's. */
  timeZone: z.string().describe("The client's IANA time zone (America/New_York): show createdOn in it with clientDateTime (contracts/formats)"),
});
export type EmployeeFile = z.infer<typeof ZEmployeeFile>;
export const ZEmployeeFileList = z.array(ZEmployeeFile);

/** The three tabs of My Documents, in their order. */
export const FILE_TYPES = ['carrier', 'client', 'personal'] as const;
export type FileType = (typeof FILE_TYPES)[number];
export const FileTypeLabels: Readonly<Record<FileType, string>> = { carrier: 'Carrier Forms', client: 'Company Files', personal: 'Personal Documents' };

/** A file of My Documents: its tab (fileType) and category; files without one are in 'Other'. */
export const ZDocumentFile = ZEmployeeFile.extend({
  fileType: z.enum(FILE_TYPES),
  categoryId: z.number().int().nullable(),
  categoryName: z.string(),
});
export type DocumentFile = z.infer<typeof ZDocumentFile>;
export const ZDocumentFileList = z.array(ZDocumentFile);

export const OTHER_CATEGORY = 'Other';

export interface FileGroup {
  title: string;
  files: DocumentFile[];
}

/**
 * One tab's files grouped by category, in name order with Other last. A lone Other category is titled
 * 'Company Files', as My Documents labels them.
 */
export function groupByCategory(files: readonly DocumentFile[]): FileGroup[] {
  const groups = new Map<string, DocumentFile[]>();
  for (const file of files) groups.set(file.categoryName, [...(groups.get(file.categoryName) ?? []), file]);
  const names = [...groups.keys()].sort((a, b) => (a === OTHER_CATEGORY ? 1 : b === OTHER_CATEGORY ? -1 : a.localeCompare(b)));
  if (names.length === 1 && names[0] === OTHER_CATEGORY) return [{ title: FileTypeLabels.client, files: groups.get(OTHER_CATEGORY)! }];
  return names.map((name) => ({ title: name, files: groups.get(name)! }));
}

/** The Add file dialog's check before sending (the server checks again): one file, at most 10,000,000 bytes. */
export function uploadSizeError(sizeBytes: number): string | null {
  return sizeBytes > FILE_MAX_BYTES ? FileMessages.tooLarge : null;
}

/** The census Files tab's save button: a file chosen, a title, and no upload running. */
export function canSaveFile(state: { hasFile: boolean; title: string; uploading: boolean }): boolean {
  return state.hasFile && state.title.trim() !== '' && !state.uploading;
}

const starts = (bytes: Uint8Array, signature: readonly number[], offset = 0) => signature.every((b, i) => bytes[offset + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/**
 * The content type of uploaded bytes, read from the bytes themselves (never from the name); null for a kind
 * the portal does not keep. Office files are zip or OLE containers: a zip counts as Word or Excel only when
 * its entries say so.
 */
export function sniffContentType(bytes: Uint8Array): string | null {
  if (starts(bytes, ascii('%PDF-'))) return 'application/pdf';
  if (starts(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts(bytes, ascii('GIF87a')) || starts(bytes, ascii('GIF89a'))) return 'image/gif';
  if (starts(bytes, ascii('RIFF')) && starts(bytes, ascii('WEBP'), 8)) return 'image/webp';
  if (starts(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'application/msword';
  if (starts(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    const text = new TextDecoder('latin1').decode(bytes.subarray(0, Math.min(bytes.length, 1 << 20)));
    if (text.includes('word/')) return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    if (text.includes('xl/')) return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    return null;
  }
  // Plain text: valid UTF-8 without control characters other than tab and line ends.
  if (bytes.length > 0) {
    try {
      const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, Math.min(bytes.length, 1 << 16)));
      const control = [...text].some((c) => {
        const code = c.charCodeAt(0);
        return (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f;
      });
      if (!control) return 'text/plain';
    } catch {
      return null;
    }
  }
  return null;
}

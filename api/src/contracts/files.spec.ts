import { canSaveFile, sniffContentType } from './files';

const bytes = (...parts: Array<string | number[]>) => new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('file content types come from the bytes, not the name', () => {
  it.each([
    ['PDF', bytes('%PDF-1.7 ...'), 'application/pdf'],
    ['PNG', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'rest'), 'image/png'],
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg'],
    ['GIF', bytes('GIF89a...'), 'image/gif'],
    ['WEBP', bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '), 'image/webp'],
    ['old Word', bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), 'application/msword'],
    ['docx', bytes([0x50, 0x4b, 0x03, 0x04], '....word/document.xml'), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['xlsx', bytes([0x50, 0x4b, 0x03, 0x04], '....xl/workbook.xml'), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['another zip', bytes([0x50, 0x4b, 0x03, 0x04], '....evil.exe'), null],
    ['text', bytes('Name,Amount\nAnn,12\n'), 'text/plain'],
    ['HTML is text, never a page', bytes('<script>alert(1)</script>'), 'text/plain'],
    ['an executable', bytes('MZ', [0x90, 0x00, 0x03]), null],
    ['empty', bytes(''), null],
  ])('%s', (_name, data, expected) => {
    expect(sniffContentType(data)).toBe(expected);
  });
});

describe('the Files tab save button', () => {
  it.each([
    [{ hasFile: true, title: 'ID', uploading: false }, true],
    [{ hasFile: false, title: 'ID', uploading: false }, false],
    [{ hasFile: true, title: '  ', uploading: false }, false],
    [{ hasFile: true, title: 'ID', uploading: true }, false],
  ])('%j -> %j', (state, expected) => {
    expect(canSaveFile(state)).toBe(expected);
  });
});

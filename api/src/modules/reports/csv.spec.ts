import { csvCell } from './csv';

describe('csv cells of the downloads', () => {
  it.each<[string | number | null, string]>([
    [null, ''],
    [42, '42'],
    ['Doe', 'Doe'],
    ['Doe, Jane', '"Doe, Jane"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ['+1', "'+1"],
    [-5, '-5'],
  ])('%p is written %s', (value, text) => {
    expect(csvCell(value)).toBe(text);
  });
});

import { richTextIsEmpty, sanitizeRichText } from './rich-text';

describe('sanitizeRichText', () => {
  it.each([
    ['keeps formatting', '<p>Hello <strong>team</strong>, <em>see</em> <u>this</u></p>', '<p>Hello <strong>team</strong>, <em>see</em> <u>this</u></p>'],
    ['keeps lists', '<ul><li>one</li><li>two</li></ul>', '<ul><li>one</li><li>two</li></ul>'],
    ['drops scripts with their text', '<p>hi</p><script>alert(1)</script>', '<p>hi</p>'],
    ['drops event handlers', '<p onclick="x()">hi</p>', '<p>hi</p>'],
    ['drops style attributes', '<p style="position:fixed">hi</p>', '<p>hi</p>'],
    ['drops javascript: links but keeps the text', '<a href="javascript:alert(1)">go</a>', '<a rel="noopener noreferrer" target="_blank">go</a>'],
    ['keeps https links, opening apart', '<a href="https://example.com/x" target="_self">x</a>', '<a href="https://example.com/x" target="_blank" rel="noopener noreferrer">x</a>'],
    ['drops images and frames', '<img src="https://t.example/p.gif"><iframe src="https://e.example"></iframe>ok', 'ok'],
    ['turns divs into paragraphs', '<div>a</div>', '<p>a</p>'],
    ['keeps text of unknown tags', '<font color="red">red</font>', 'red'],
    ['turns plain text into paragraphs', 'Hello team,\n\nSee you at 5 & bring a > b.\nThanks', '<p>Hello team,</p><p>See you at 5 &amp; bring a &gt; b.<br />Thanks</p>'],
  ])('%s', (_name, input, expected) => {
    expect(sanitizeRichText(input)).toBe(expected);
  });
});

describe('richTextIsEmpty', () => {
  it.each([
    ['<p></p>', true],
    ['<p><br></p>', true],
    ['<p>&nbsp;</p>', true],
    ['<p>x</p>', false],
    ['<script>x</script>', true],
  ])('%s → %s', (html, empty) => {
    expect(richTextIsEmpty(html)).toBe(empty);
  });
});

import sanitizeHtml from 'sanitize-html';

/**
 * HTML written in a rich-text editor (custom emails, onboarding document comments) as the portal keeps it:
 * an allow-list of formatting elements, links only to http(s) and mailto, no attributes that run or style
 * anything. Applied on the server before the HTML is stored or sent, whatever the editor produced.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'a', 'h2', 'h3', 'h4', 'blockquote'],
  // rel and target are only ever the ones transformTags sets on every link.
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  // A dropped element's text stays (a <div> becomes its text); script and style contents go entirely.
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'head'],
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }),
    div: 'p',
    h1: 'h2',
  },
};

/**
 * Sanitised HTML of what an editor sent. Plain text (a form sent before the page's scripts ran, or by an API
 * consumer) becomes paragraphs: blank lines split them, single newlines are line breaks.
 */
export function sanitizeRichText(input: string): string {
  const html = /<[a-z!/]/i.test(input)
    ? input
    : input
        .replace(/\r\n?/g, '\n')
        .split(/\n{2,}/)
        .filter((p) => p.trim() !== '')
        .map((p) => `<p>${escapeText(p).replace(/\n/g, '<br>')}</p>`)
        .join('');
  return sanitizeHtml(html, OPTIONS).trim();
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The text a person would read (empty when the HTML holds no words): for "is anything written?" checks. */
export function richTextIsEmpty(html: string): boolean {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;/g, ' ').trim() === '';
}

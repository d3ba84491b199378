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

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The text a person would read (empty when the HTML holds no words): for "is anything written?" checks. */
export function richTextIsEmpty(html: string): boolean {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;/g, ' ').trim() === '';
}

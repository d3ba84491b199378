import Handlebars from 'handlebars';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { AppConfig } from '../config/app-config';
import { EMAIL_TEMPLATES, type EmailBrand, type EmailTemplateData, type EmailTemplateName } from './email-templates';

const DEFAULT_HEADER_COLOR = '#1e3a8a';

/** White or near-black, whichever reads better on the header (WCAG relative luminance). */
export function textColorOn(hex: string): string {
  const full = hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex;
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  // Contrast with white is 1.05 / (L + 0.05); with #111827 (L ≈ 0.0116) it is (L + 0.05) / 0.0616.
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.0616 ? '#ffffff' : '#111827';
}

export interface RenderedEmail {
  html: string;
  text: string;
}

/**
 * Where the .hbs files are. tsc does not copy them to dist/, so besides the source folder beside this file
 * (jest, ts sources) look for the source tree from dist/api/src/core/mail and from the working directory.
 */
export function resolveTemplatesDir(env: Readonly<Record<string, string | undefined>> = process.env): string {
  const candidates = [
    env.MAIL_TEMPLATES_DIR,
    join(__dirname, 'templates'),
    resolve(__dirname, '../../../../../api/src/core/mail/templates'),
    resolve(process.cwd(), 'api/src/core/mail/templates'),
    resolve(process.cwd(), 'src/core/mail/templates'),
  ].filter((d): d is string => !!d);
  const found = candidates.find((dir) => existsSync(join(dir, 'layout.hbs')));
  if (!found) throw new Error(`email templates not found (looked in ${candidates.join(', ')}); set MAIL_TEMPLATES_DIR`);
  return found;
}

/** Blank-line separated paragraphs, single newlines as <br>; every piece escaped. */
function paragraphs(text: unknown): Handlebars.SafeString {
  const source = typeof text === 'string' ? text.replace(/\r\n?/g, '\n').trim() : '';
  const html = source
    .split(/\n{2,}/)
    .filter((p) => p.trim() !== '')
    .map((p) => `<p style="margin:0 0 16px;">${p.split('\n').map((line) => Handlebars.Utils.escapeExpression(line)).join('<br>')}</p>`)
    .join('\n');
  return new Handlebars.SafeString(html);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * A plain-text alternative of the body (screen readers, text-only clients, spam scores). Our templates are
 * simple, so a small converter is enough: links keep their address, blocks become paragraphs.
 */
export function htmlToText(html: string): string {
  return html
    .replace(/<(style|title|head)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_m, href: string, label: string) => {
      const text = label.replace(/<[^>]+>/g, '').trim();
      return text && text !== href ? `${text} (${href})` : href;
    })
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|h[1-6]|tr|table|div|li|main)>/gi, '\n\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
      if (e[0] === '#') {
        const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
        return Number.isFinite(code) ? String.fromCodePoint(code) : m;
      }
      return ENTITIES[e.toLowerCase()] ?? m;
    })
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Renders subjects and bodies. Compiled templates are cached for the life of the process. */
export class EmailRenderer {
  private readonly hbs = Handlebars.create();
  private readonly compiled = new Map<string, Handlebars.TemplateDelegate>();
  private readonly subjects = new Map<EmailTemplateName, Handlebars.TemplateDelegate>();
  private dir: string | undefined;
  private partialsLoaded = false;

  constructor(
    private readonly site: Pick<AppConfig, 'productName' | 'publicUrl'>,
    templatesDir?: string,
  ) {
    this.dir = templatesDir;
    this.hbs.registerHelper('paragraphs', paragraphs);
  }

  renderSubject<T extends EmailTemplateName>(template: T, data: EmailTemplateData[T]): string {
    let compiled = this.subjects.get(template);
    if (!compiled) {
      // A subject is a header, not HTML: no entity escaping (nodemailer encodes it), but no line breaks either.
      compiled = this.hbs.compile(EMAIL_TEMPLATES[template].subject, { noEscape: true });
      this.subjects.set(template, compiled);
    }
    return compiled({ ...data, productName: this.site.productName }).replace(/[\r\n]+/g, ' ').trim().slice(0, 250);
  }

  render<T extends EmailTemplateName>(template: T, data: EmailTemplateData[T], subject: string): RenderedEmail {
    const brand = 'brand' in data ? (data.brand as EmailBrand | undefined) : undefined;
    // Only a hex colour reaches the style attribute; anything else keeps the product's own.
    const headerColor = brand?.headerColor && /^#[0-9a-fA-F]{3}([0-9a-fA-F]{3})?$/.test(brand.headerColor) ? brand.headerColor : DEFAULT_HEADER_COLOR;
    const context = { ...data, productName: this.site.productName, publicUrl: this.site.publicUrl, headerColor, headerTextColor: textColorOn(headerColor) };
    const body = this.file(EMAIL_TEMPLATES[template].file)(context);
    const html = this.file('layout.hbs')({ ...context, subject, body });
    return { html, text: `${htmlToText(body)}\n\n--\n${this.site.productName}\n${this.site.publicUrl}/mbl\n` };
  }

  private file(name: string): Handlebars.TemplateDelegate {
    let compiled = this.compiled.get(name);
    if (!compiled) {
      this.dir ??= resolveTemplatesDir();
      if (!this.partialsLoaded) {
        this.hbs.registerPartial('button', readFileSync(join(this.dir, 'button.partial.hbs'), 'utf8'));
        this.partialsLoaded = true;
      }
      compiled = this.hbs.compile(readFileSync(join(this.dir, name), 'utf8'));
      this.compiled.set(name, compiled);
    }
    return compiled;
  }
}

import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { randomUUID } from 'node:crypto';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { isLoopback } from '../http/same-origin';

export interface DevMailMessage {
  id: string;
  /** The To header as text. */
  to: string;
  /** The SMTP envelope recipients (lower case): what tests should match on. */
  envelopeTo: string[];
  from: string;
  /** The Reply-To header as text ('' without one). */
  replyTo: string;
  subject: string;
  date: string;
  messageId: string | null;
  text: string;
  html: string | null;
}

const MAX_MESSAGES = 500;
const MAX_SIZE = 10 * 1024 * 1024;
export const DEV_MAILBOX_PATH = '/mbl/dev/mailbox';

interface Waiter {
  predicate: (m: DevMailMessage) => boolean;
  resolve: (m: DevMailMessage) => void;
}

function addressText(a: AddressObject | AddressObject[] | undefined): string {
  if (!a) return '';
  return (Array.isArray(a) ? a : [a]).map((x) => x.text).join(', ');
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'`=]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Development and tests only (config.devMailbox): a real SMTP sink on 127.0.0.1:DEV_SMTP_PORT, so the
 * whole path (worker, nodemailer, SMTP) runs as in production, plus a small web inbox to read the mail.
 * Messages live in memory. The API process hosts it; the workers set DEV_MAILBOX_SINK=off and send to it.
 */
@Injectable()
export class DevMailbox implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(DevMailbox.name);
  private readonly store: DevMailMessage[] = [];
  private readonly waiters = new Set<Waiter>();
  private server: SMTPServer | undefined;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get enabled(): boolean {
    return this.config.devMailbox;
  }

  /** True when this process owns the SMTP sink (false when off, or when another process has the port). */
  get listening(): boolean {
    return this.server !== undefined;
  }

  async onModuleInit(): Promise<void> {
    if (!this.enabled || process.env.DEV_MAILBOX_SINK === 'off') return;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      size: MAX_SIZE,
      logger: false,
      banner: 'development mail sink',
      // Do not let a pooled client connection hold the shutdown for the 30 s default.
      closeTimeout: 1000,
      onData: (stream, session, callback) => this.receive(stream, session, callback),
    });
    const port = this.config.devSmtpPort;
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => {
          server.removeListener('error', reject);
          resolve();
        });
      });
    } catch (err) {
      // Another app (a second test app, the API beside the workers) already listens: mail goes there.
      const code = typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : 'error';
      this.logger.warn(`development SMTP sink not started on 127.0.0.1:${port} (${code}); mail goes to whoever listens there`);
      return;
    }
    // Later socket errors (a client resetting) must not crash the process.
    server.on('error', (err) => this.logger.warn(`development SMTP sink: ${err.message}`));
    this.server = server;
    this.logger.log(`development SMTP sink on 127.0.0.1:${port}, inbox at ${DEV_MAILBOX_PATH}`);
  }

  async onModuleDestroy(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Newest first. */
  messages(): DevMailMessage[] {
    return [...this.store].reverse();
  }

  clear(): void {
    this.store.length = 0;
  }

  /** Resolves with the newest message (already received or arriving later) that matches. */
  waitFor(predicate: (m: DevMailMessage) => boolean, timeoutMs = 5000): Promise<DevMailMessage> {
    const existing = this.messages().find(predicate);
    if (existing) return Promise.resolve(existing);
    return new Promise<DevMailMessage>((resolve, reject) => {
      const waiter: Waiter = {
        predicate,
        resolve: (m) => {
          clearTimeout(timer);
          this.waiters.delete(waiter);
          resolve(m);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(new Error(`no matching email within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiters.add(waiter);
    });
  }

  /**
   * Registers the inbox routes on the Fastify instance (no global prefix applies). Nothing is registered
   * when the mailbox is off, so the paths answer the API's 404.
   */
  mount(app: NestFastifyApplication): void {
    if (!this.enabled) return;
    const http = app.getHttpAdapter().getInstance();
    // The inbox holds live registration and reset links: only this machine may read it, even when the
    // development server listens on every interface.
    const onRequest = (req: FastifyRequest, reply: FastifyReply, done: () => void): void => {
      if (isLoopback(req.raw.socket.remoteAddress)) done();
      else void reply.code(404).send();
    };
    http.get(`${DEV_MAILBOX_PATH}.json`, { onRequest }, (_req, reply) => reply.header('Cache-Control', 'no-store').send(this.messages()));
    http.delete(`${DEV_MAILBOX_PATH}.json`, { onRequest }, (_req, reply) => {
      this.clear();
      return reply.code(204).send();
    });
    http.get(DEV_MAILBOX_PATH, { onRequest }, (_req, reply) => this.page(reply, this.inboxHtml()));
    http.get<{ Params: { id: string } }>(`${DEV_MAILBOX_PATH}/:id`, { onRequest }, (req, reply) => {
      const message = this.store.find((m) => m.id === req.params.id);
      if (!message) return this.page(reply.code(404), this.document('Not found', '<p>No such message. <a href="../mailbox">Back to the inbox</a></p>'));
      return this.page(reply, this.messageHtml(message));
    });
  }

  private receive(stream: SMTPServerDataStream, session: SMTPServerSession, callback: (err?: Error | null) => void): void {
    simpleParser(stream)
      .then((parsed: ParsedMail) => {
        if (stream.sizeExceeded) {
          callback(Object.assign(new Error('message too large'), { responseCode: 552 }));
          return;
        }
        this.keep({
          id: randomUUID(),
          to: addressText(parsed.to),
          envelopeTo: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          from: addressText(parsed.from),
          replyTo: addressText(parsed.replyTo),
          subject: parsed.subject ?? '',
          date: (parsed.date ?? new Date()).toISOString(),
          messageId: parsed.messageId ?? null,
          text: parsed.text ?? '',
          html: parsed.html === false ? null : parsed.html,
        });
        callback();
      })
      .catch((err: unknown) => callback(err instanceof Error ? err : new Error('cannot parse message')));
  }

  private keep(message: DevMailMessage): void {
    this.store.push(message);
    if (this.store.length > MAX_MESSAGES) this.store.splice(0, this.store.length - MAX_MESSAGES);
    for (const waiter of [...this.waiters]) {
      if (waiter.predicate(message)) waiter.resolve(message);
    }
  }

  private page(reply: FastifyReply, html: string): FastifyReply {
    // Mail HTML is shown only in sandboxed srcdoc frames (no scripts, opaque origin); the page runs none.
    return reply
      .header('Cache-Control', 'no-store')
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; img-src * data:; frame-src 'self'; base-uri 'none'; form-action 'none'")
      .type('text/html; charset=utf-8')
      .send(html);
  }

  private document(title: string, body: string): string {
    return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:24px;color:#111827;background:#f9fafb}h1{font-size:1.4rem;margin:0 0 16px}
table{border-collapse:collapse;width:100%;background:#fff}th,td{text-align:left;padding:8px 12px;border-bottom:1px solid #e5e7eb;vertical-align:top}
th{background:#f3f4f6;font-weight:600}a{color:#1e3a8a}iframe{width:100%;height:70vh;border:1px solid #d1d5db;background:#fff}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:0 0 16px}dt{font-weight:600}dd{margin:0;word-break:break-all}
pre{white-space:pre-wrap;background:#fff;border:1px solid #d1d5db;padding:12px}</style></head>
<body><main>${body}</main></body></html>`;
  }

  private inboxHtml(): string {
    const messages = this.messages();
    const rows = messages
      .map(
        (m) =>
          `<tr><td>${escapeHtml(m.envelopeTo.join(', ') || m.to)}</td><td><a href="mailbox/${escapeHtml(encodeURIComponent(m.id))}">${escapeHtml(m.subject || '(no subject)')}</a></td><td><time datetime="${escapeHtml(m.date)}">${escapeHtml(m.date)}</time></td></tr>`,
      )
      .join('\n');
    const table = messages.length
      ? `<table><caption style="text-align:left;padding:0 0 8px">${messages.length} message(s), newest first</caption><thead><tr><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Date</th></tr></thead><tbody>${rows}</tbody></table>`
      : '<p>No messages yet.</p>';
    return this.document(`Development mailbox (${messages.length})`, `<h1>${escapeHtml(this.config.productName)}: development mailbox</h1>
<p>Mail sent to 127.0.0.1:${this.config.devSmtpPort}. JSON: <a href="mailbox.json">mailbox.json</a> (DELETE to clear).</p>${table}`);
  }

  private messageHtml(m: DevMailMessage): string {
    const body = m.html
      ? `<iframe sandbox title="Message body" srcdoc="${escapeHtml(m.html)}"></iframe>`
      : `<pre>${escapeHtml(m.text)}</pre>`;
    return this.document(m.subject || '(no subject)', `<p><a href="../mailbox">&larr; Inbox</a></p>
<h1>${escapeHtml(m.subject || '(no subject)')}</h1>
<dl><dt>From</dt><dd>${escapeHtml(m.from)}</dd><dt>To</dt><dd>${escapeHtml(m.to)}</dd><dt>Envelope to</dt><dd>${escapeHtml(m.envelopeTo.join(', '))}</dd>
<dt>Date</dt><dd>${escapeHtml(m.date)}</dd><dt>Message-ID</dt><dd>${escapeHtml(m.messageId ?? '')}</dd></dl>
${body}
<details><summary>Plain text</summary><pre>${escapeHtml(m.text)}</pre></details>`);
  }
}

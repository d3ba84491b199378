import { SMTPServer } from 'smtp-server';
import { freePort } from './ports';

/** One delivery a test's SMTP sink received: to whom, under which Message-ID, and when. */
export interface Delivery {
  to: string;
  messageId: string;
  at: number;
}

export interface RecordingSink {
  port: number;
  /** Every delivery, each recipient apart (the API's dev sink keeps only the last 500). */
  deliveries: Delivery[];
  /** For a gated sink: answers every message held so far and those to come. */
  open: () => void;
  close: () => Promise<void>;
}

/**
 * An SMTP sink of the suite's own for worker processes started by the test. Gated, it holds its answer to each
 * message until `open()`, so a job stays in flight as long as the test wants (a shutdown mid-send).
 */
export async function recordingSink({ gated = false }: { gated?: boolean } = {}): Promise<RecordingSink> {
  const deliveries: Delivery[] = [];
  let opened = !gated;
  const waiting: Array<() => void> = [];
  const port = await freePort();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 500,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const head = Buffer.concat(chunks).toString('utf8').split(/\r?\n\r?\n/)[0] ?? '';
        const messageId = /^Message-ID:\s*(<[^>]+>)/im.exec(head)?.[1] ?? '';
        for (const r of session.envelope.rcptTo) deliveries.push({ to: r.address.toLowerCase(), messageId, at: Date.now() });
        if (opened) callback();
        else waiting.push(() => callback());
      });
    },
  });
  // A sender killed mid-message resets its connection: that is what these tests do, not a failure of the sink.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port,
    deliveries,
    open: () => {
      opened = true;
      for (const release of waiting.splice(0)) release();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

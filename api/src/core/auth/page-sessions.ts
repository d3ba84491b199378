import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { SessionState } from './session-store';

/** The header by which the site's in-process calls name the page they belong to (api/src/web/remix-host.ts). */
export const PAGE_HEADER = 'x-bp-page';

/**
 * The session checked once per site page: a page's loaders make several API calls, each of which
 * would check the session in Redis again within the same few milliseconds. The site host opens a page (an id of
 * 128 random bits, known only in this process) for each site request and closes it when the answer ends; the API
 * calls it makes in process carry the id, and the first read of a session checks it, the others of the same page
 * reuse that answer. Only reads (GET) share it, and a write forgets it, so a page that logs out, or revives an idle
 * session with the password, never reuses a state its own write changed. An id nobody opened (sent from outside, or after the page ended) is simply not found: the
 * call checks the session itself, as every other call does.
 */
@Injectable()
export class PageSessions {
  private readonly pages = new Map<string, Map<string, Promise<SessionState>>>();

  open(): string {
    const id = randomBytes(16).toString('base64url');
    this.pages.set(id, new Map());
    return id;
  }

  close(id: string): void {
    this.pages.delete(id);
  }

  /** Forgets what the page has checked (a write of the page came through). */
  forget(id: string): void {
    this.pages.get(id)?.clear();
  }

  /** The state of `key` (a session and whether the call counts as activity) for this page; checked once. */
  check(pageId: string | undefined, key: string, run: () => Promise<SessionState>): Promise<SessionState> {
    const page = pageId === undefined ? undefined : this.pages.get(pageId);
    if (!page) return run();
    let state = page.get(key);
    if (!state) {
      state = run();
      page.set(key, state);
      // A failed check (Redis away) is not kept: the next call of the page tries again.
      state.catch(() => page.delete(key));
    }
    return state;
  }

  /** Pages open now (for tests: every page is closed once answered). */
  get openPages(): number {
    return this.pages.size;
  }
}

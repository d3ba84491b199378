import { PageSessions } from './page-sessions';
import type { SessionState } from './session-store';

describe('PageSessions: the reads of one site page check the session once', () => {
  const counter = (state: SessionState = 'active') => {
    const calls = { n: 0 };
    const run = () => {
      calls.n += 1;
      return Promise.resolve(state);
    };
    return { calls, run };
  };

  it.each([
    ['no page id: every call checks', (_p: PageSessions) => [undefined, undefined] as const, 2],
    ['an id nobody opened: every call checks', (_p: PageSessions) => ['made-up', 'made-up'] as const, 2],
    ['the same open page: checked once', (p: PageSessions) => { const id = p.open(); return [id, id] as const; }, 1],
    ['two pages: each checks', (p: PageSessions) => [p.open(), p.open()] as const, 2],
  ])('%s', async (_name, ids, expected) => {
    const pages = new PageSessions();
    const { calls, run } = counter();
    for (const id of ids(pages)) expect(await pages.check(id, 'sid:1', run)).toBe('active');
    expect(calls.n).toBe(expected);
  });

  it('keys by session and activity flag, forgets after a write, and ends with the page', async () => {
    const pages = new PageSessions();
    const { calls, run } = counter('idle');
    const id = pages.open();
    await pages.check(id, 'sid:1', run);
    await pages.check(id, 'sid:0', run);
    await pages.check(id, 'other:1', run);
    expect(calls.n).toBe(3);
    pages.forget(id);
    expect(await pages.check(id, 'sid:1', run)).toBe('idle');
    expect(calls.n).toBe(4);
    pages.close(id);
    expect(pages.openPages).toBe(0);
    await pages.check(id, 'sid:1', run);
    expect(calls.n).toBe(5);
  });

  it('does not keep a failed check: the next call of the page tries again', async () => {
    const pages = new PageSessions();
    const id = pages.open();
    await expect(pages.check(id, 'sid:1', () => Promise.reject(new Error('redis away')))).rejects.toThrow('redis away');
    const { calls, run } = counter();
    expect(await pages.check(id, 'sid:1', run)).toBe('active');
    expect(calls.n).toBe(1);
  });
});

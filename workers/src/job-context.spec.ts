import 'reflect-metadata';
import { RequestContext } from '@bp/api/server';
import { runInJobContext } from './job-context';

/** A job runs in the tenancy its payload names (jobs carry clientId and requestedBy), never in another's. */
describe('runInJobContext', () => {
  const context = new RequestContext();

  it("a job about a client runs in that client's tenancy, acting as the account that asked for it", async () => {
    const seen = await runInJobContext(context, { clientId: 7, requestedBy: 42, employeeId: 3 }, async () => ({ clientId: context.clientId, acting: context.acting }));
    expect(seen).toEqual({ clientId: 7, acting: { clientId: 7, accountId: 42, onBehalfOf: null, reason: null } });
  });

  it('a job about a client that nobody asked for (a tick) still runs in that tenancy, acting as no account', async () => {
    const seen = await runInJobContext(context, { clientId: 9 }, async () => context.acting);
    expect(seen).toEqual({ clientId: 9, accountId: null, onBehalfOf: null, reason: null });
  });

  it.each([[{ tick: 'minute' }], [{ clientId: '7', requestedBy: 42 }], [null]])('a payload naming no client (%p) runs as system work: tenant data is out of reach', async (data) => {
    await expect(runInJobContext(context, data, async () => context.clientId)).rejects.toThrow(/needs a tenant context/);
  });

  it('two jobs of different clients at once each keep their own tenancy', async () => {
    const pause = () => new Promise((resolve) => setTimeout(resolve, 5));
    const seen = await Promise.all(
      [1, 2].map((clientId) =>
        runInJobContext(context, { clientId, requestedBy: clientId * 10 }, async () => {
          await pause();
          return [context.clientId, context.acting.accountId];
        }),
      ),
    );
    expect(seen).toEqual([
      [1, 10],
      [2, 20],
    ]);
  });
});

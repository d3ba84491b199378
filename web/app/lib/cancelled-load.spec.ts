import { startQuietly } from './cancelled-load';

const abort = () => Object.assign(new Error('signal is aborted without reason'), { name: 'AbortError' });

describe('startQuietly: a load cancelled by a navigation is not an error, anything else still is', () => {
  it('swallows an AbortError thrown at once or rejected later', async () => {
    await expect(
      startQuietly(() => {
        throw abort();
      }),
    ).resolves.toBeUndefined();
    await expect(startQuietly(() => Promise.reject(abort()))).resolves.toBeUndefined();
  });

  it('lets any other error through, thrown or rejected', async () => {
    expect(() =>
      startQuietly(() => {
        throw new TypeError('bug');
      }),
    ).toThrow('bug');
    await expect(startQuietly(() => Promise.reject(new TypeError('later bug')))).rejects.toThrow('later bug');
  });

  it('starts loads that return nothing', async () => {
    let started = false;
    await startQuietly(() => {
      started = true;
    });
    expect(started).toBe(true);
  });
});

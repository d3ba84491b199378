import 'reflect-metadata';
import { JOB_NAMES, JOBS, type JobName, JobsService, RedriveService } from '@bp/api/server';
import { Ticks } from './ticks';

/** Every job's work is done even when the job itself is lost: the registry says how, and this checks it is so. */

/** What the sweep re-drives through (mail, summaries, signing, campaigns, reports), in its constructor's order. */
type Sources = ConstructorParameters<typeof RedriveService>;

/** A stand-in whose every method records its name and finds nothing to do. */
function recorder<T>(calls: string[], label: string): T {
  return new Proxy({}, { get: (_target, method) => async () => (calls.push(`${label}.${String(method)}`), 0) }) as T;
}

/** The jobs the workers' ticks queue: every @Cron method of Ticks run once against a JobsService that records. */
async function tickedJobs(): Promise<JobName[]> {
  const queued: JobName[] = [];
  const jobs = { queue: async (name: JobName) => void queued.push(name) } as unknown as JobsService;
  const ticks = new Ticks(jobs);
  const proto = Ticks.prototype as unknown as Record<string, unknown>;
  for (const method of Object.getOwnPropertyNames(proto)) {
    const fn = proto[method];
    // @Cron writes its options under this key (@nestjs/schedule's SCHEDULE_CRON_OPTIONS, not exported).
    if (typeof fn !== 'function' || Reflect.getMetadata('SCHEDULE_CRON_OPTIONS', fn) === undefined) continue;
    await (fn as () => Promise<void>).call(ticks);
  }
  return queued;
}

describe('re-drive: every job of the registry is queued again when it was lost', () => {
  const by = (kind: 'sweep' | 'tick') => JOB_NAMES.filter((name) => JOBS[name].redrive === kind).sort();

  it("the re-drive sweep covers exactly the jobs marked 'sweep', each through a re-drive of its own", async () => {
    const calls: string[] = [];
    const sweep = new RedriveService(
      recorder<Sources[0]>(calls, 'mail'),
      recorder<Sources[1]>(calls, 'summaries'),
      recorder<Sources[2]>(calls, 'signing'),
      recorder<Sources[3]>(calls, 'campaigns'),
      recorder<Sources[4]>(calls, 'reports'),
      recorder<Sources[5]>(calls, 'payroll'),
      recorder<Sources[6]>(calls, 'imports'),
      recorder<Sources[7]>(calls, 'feeds'),
    );
    expect(by('sweep').length).toBeGreaterThan(0);
    expect([...sweep.jobs].sort()).toEqual(by('sweep'));
    const found = await sweep.sweep({ tick: 'coverage' });
    expect(Object.keys(found).sort()).toEqual(by('sweep'));
    // One call per job and no two jobs on the same re-drive (a copy-paste would leave one kind uncovered).
    expect(new Set(calls).size).toBe(by('sweep').length);
  });

  it("the workers' ticks queue exactly the jobs marked 'tick'", async () => {
    expect([...new Set(await tickedJobs())].sort()).toEqual(by('tick'));
  });

  it('a job queued again by another job leads, through that one, to a tick or the sweep', () => {
    for (const name of JOB_NAMES) {
      const seen = new Set<JobName>();
      let at: JobName = name;
      for (let redrive = JOBS[at].redrive; typeof redrive === 'object'; redrive = JOBS[at].redrive) {
        expect(seen.has(at)).toBe(false);
        seen.add(at);
        at = redrive.by;
      }
      expect(['sweep', 'tick']).toContain(JOBS[at].redrive);
    }
  });
});

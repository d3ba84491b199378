import { Job, type MinimalQueue } from 'bullmq';
import { JOB_NAMES, JOBS, JobIds, type JobName } from './job-registry';

/**
 * BullMQ's own check of a job's options, as Queue.add runs it before anything reaches Redis
 * (Job.addJob -> validateOptions); a queue-like stub stands in for Redis, which the check never touches.
 */
class OptionsCheck extends Job {
  check(): void {
    this.validateOptions(this.asJSON());
  }
}
const NO_REDIS = { name: 'probe', qualifiedName: 'bull:probe', keys: {}, opts: {}, toKey: (type: string) => `bull:probe:${type}`, scripts: {} } as unknown as MinimalQueue;

/** What BullMQ says about a job of `name` with this id: null when it accepts it. */
function refusal(name: JobName, jobId: string): string | null {
  try {
    new OptionsCheck(NO_REDIS, name, {}, { jobId, attempts: JOBS[name].attempts }).check();
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

type Builders = typeof JobIds;
const AT = new Date('2026-11-27T02:30:45.123Z');
/** Arguments for every builder (a new builder without samples does not compile), edge values included. */
const SAMPLES: { [K in keyof Builders]: Array<Parameters<Builders[K]>> } = {
  email: [[1], [2_147_483_647]],
  enrollmentSummary: [[1], [90_001]],
  actionSigning: [[3, 9]],
  reportExport: [[12]],
  payrollDeductions: [[1], [2_147_483_647]],
  periodCloseAtEnd: [[5, '2026-11-27']],
  periodCloseOn: [[5, '2026-11-28']],
  campaignFanOut: [[4]],
  campaignRecipient: [[4, 10_001]],
  proofReminder: [[1], [2_147_483_647]],
  censusCommit: [[1], [2_147_483_647]],
  carrierWeeklyFile: [[1, '2026-11-23'], [2_147_483_647, '2026-12-28']],
  carrierFile: [[1], [2_147_483_647]],
  tick: JOB_NAMES.flatMap((name) => (['minute', 'hour', 'day'] as const).map((unit): Parameters<Builders['tick']> => [name, AT, unit])),
};

function idsOf<K extends keyof Builders>(key: K): string[] {
  const build = JobIds[key] as (...args: Parameters<Builders[K]>) => string;
  return SAMPLES[key].map((args) => build(...args));
}

describe('job ids', () => {
  it("BullMQ's check refuses what it must (so the test below can fail)", () => {
    expect(refusal('email.send', 'open-enrollment.close-expired-periods:2026-11-27T02')).toBe('Custom Id cannot contain :');
    expect(refusal('email.send', '12')).toBe('Custom Id cannot be integers');
    expect(refusal('email.send', 'email-12')).toBeNull();
  });

  it.each(Object.keys(SAMPLES) as Array<keyof Builders>)('every id JobIds.%s builds is one BullMQ accepts', (key) => {
    const ids = idsOf(key);
    expect(ids.length).toBeGreaterThan(0);
    // Checked as a job of every name: an id's validity does not depend on the job, and this needs no pairing.
    expect(ids.flatMap((id) => JOB_NAMES.map((name) => refusal(name, id))).filter((r) => r !== null)).toEqual([]);
  });

  it('a tick id is one per tick: the same hour gives the same id, the next hour another', () => {
    const name = 'open-enrollment.close-expired-periods';
    expect(JobIds.tick(name, AT, 'hour')).toBe('open-enrollment.close-expired-periods-2026-11-27T02');
    expect(JobIds.tick(name, new Date('2026-11-27T02:59:59Z'), 'hour')).toBe(JobIds.tick(name, AT, 'hour'));
    expect(JobIds.tick(name, new Date('2026-11-27T03:00:00Z'), 'hour')).not.toBe(JobIds.tick(name, AT, 'hour'));
    expect(JobIds.tick('maintenance.redrive', AT, 'minute')).toBe('maintenance.redrive-2026-11-27T02-30');
  });
});

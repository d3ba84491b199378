/**
 * A server-owned wizard ("wizard progress"): ordered steps, each with a guard that
 * says what is still missing before the person may leave it. Registration uses it today and onboarding
 * will. Framework-free: the caller turns a StepConflict into its HTTP answer (409).
 */
export interface StepDefinition<Step, Context> {
  step: Step;
  /** What a person calls the step, for messages. */
  label: string;
  /** What is missing before this step counts as done (empty: done). Runs when the step is being completed. */
  guard?: (context: Context) => Promise<string[]>;
}

/** Refused: the messages say what is missing or which step comes next. */
export class StepConflict extends Error {
  constructor(readonly messages: string[]) {
    super(messages[0] ?? 'Step refused');
  }
}

export const StepModelMessages = {
  unknownStep: 'Unknown step',
  nextOnly: (next: string) => `Finish the steps in order: ${next} comes next`,
  finished: 'Every step is already done',
  missing: (label: string, what: string) => `${label}: ${what}`,
} as const;

export class StepModel<Step, Context> {
  constructor(private readonly steps: readonly StepDefinition<Step, Context>[]) {
    if (new Set(steps.map((s) => s.step)).size !== steps.length) throw new Error('a step appears twice');
  }

  get order(): Step[] {
    return this.steps.map((s) => s.step);
  }

  private indexOf(step: Step): number {
    return this.steps.findIndex((s) => s.step === step);
  }

  /** The step after `current`, or null when `current` is the last (or unknown). */
  next(current: Step): Step | null {
    const i = this.indexOf(current);
    return i < 0 || i + 1 >= this.steps.length ? null : this.steps[i + 1]!.step;
  }

  /**
   * Records `requested` as done after `current`: only the very next step, and only when its guard finds
   * nothing missing. Anything else throws StepConflict.
   */
  async complete(current: Step, requested: Step, context: Context): Promise<Step> {
    const target = this.steps[this.indexOf(requested)];
    if (!target) throw new StepConflict([StepModelMessages.unknownStep]);
    const next = this.next(current);
    if (next === null) throw new StepConflict([StepModelMessages.finished]);
    if (requested !== next) throw new StepConflict([StepModelMessages.nextOnly(this.steps[this.indexOf(next)]!.label)]);
    const missing = target.guard ? await target.guard(context) : [];
    if (missing.length > 0) throw new StepConflict(missing.map((what) => StepModelMessages.missing(target.label, what)));
    return requested;
  }
}

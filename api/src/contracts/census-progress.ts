import { z } from 'zod';
import { PLAN_TYPE_NAMES, type PlanTypeId } from './engine/plan-types';
import { enrollmentState, type EnrollmentCompletion } from './enrollment-completion';
import { onboardingSteps, OnboardingStep, type OnboardingFlags } from './onboarding';
import { onboardingStepInForce, type OnboardingFacts } from './onboarding-start';

/**
 * How far each person of the census has come, from the rules that already decide each
 * part: the welcome email, the account, the onboarding step in force (onboarding-start.ts), and the
 * Status Dashboard's completion of the current period (enrollment-completion.ts: a plan the person cannot
 * take, such as an HSA beside a medical plan that does not qualify, is never missing) with its signature.
 * One rule for the census list, its filter and the employee's record.
 */
export const CENSUS_PROGRESS_STATES = ['not-invited', 'invited', 'registered', 'onboarding', 'enrolling', 'enrolled', 'signed'] as const;
export type CensusProgressState = (typeof CENSUS_PROGRESS_STATES)[number];

/** The filter's choices, in the order a person goes through them. */
export const CENSUS_PROGRESS_TITLES: Record<CensusProgressState, string> = {
  'not-invited': 'Not invited',
  invited: 'Invited, not registered',
  registered: 'Registered',
  onboarding: 'Onboarding',
  enrolling: 'Enrollment not complete',
  enrolled: 'Enrollment complete, not signed',
  signed: 'Signed',
};

export const ZCensusProgressState = z.enum(CENSUS_PROGRESS_STATES);

export const ZCensusProgress = z.object({
  state: ZCensusProgressState,
  /** One line as the census shows it ('Onboarding step 2 of 5', 'Enrollment not complete: Medical, Dental missing'). */
  text: z.string(),
  /** While onboarding: the step the person is on, and how many steps their onboarding has. */
  onboardingStep: z.number().int().nullable(),
  onboardingSteps: z.number().int().nullable(),
  /** The plan types still to choose (empty when none, or before the person registered). */
  missing: z.array(z.string()),
});
export type CensusProgress = z.infer<typeof ZCensusProgress>;

export interface CensusProgressFacts {
  /** A welcome email (registration link) was sent. */
  welcomeEmailSent: boolean;
  /** Account Setup is done: the account has a password. */
  registered: boolean;
  onboarding: OnboardingFacts;
  /** The optional onboarding steps this person has (the client's flag and the employee's). */
  onboardingFlags: OnboardingFlags;
  /** A registration signature since the current period started (as the Status Dashboard counts it). */
  signed: boolean;
}

const progress = (state: CensusProgressState, text: string = CENSUS_PROGRESS_TITLES[state], extra: Partial<CensusProgress> = {}): CensusProgress => ({
  state,
  text,
  onboardingStep: null,
  onboardingSteps: null,
  missing: [],
  ...extra,
});

const typeName = (t: number): string => PLAN_TYPE_NAMES[t as PlanTypeId] ?? `Plan type ${t}`;

/**
 * The person's progress. `enrollment` is their completion of the current period (null when there is none);
 * the enrollment part follows the dashboard's state: not started, in progress, chosen not signed, finished.
 */
export function censusProgress(f: CensusProgressFacts, enrollment: EnrollmentCompletion | null): CensusProgress {
  if (!f.registered) return progress(f.welcomeEmailSent ? 'invited' : 'not-invited');
  const step = onboardingStepInForce(f.onboarding);
  if (step !== OnboardingStep.Finished) {
    const steps = onboardingSteps(f.onboardingFlags);
    // The stored step is the last one completed (Pending: none yet): the person is on the one after it.
    const on = Math.min(steps.length, steps.filter((s) => step !== OnboardingStep.Pending && s <= step).length + 1);
    return progress('onboarding', `Onboarding step ${on} of ${steps.length}`, { onboardingStep: on, onboardingSteps: steps.length });
  }
  // Nothing the person can take now: registered, or signed if they have signed.
  if (enrollment === null || enrollment.canTake.length === 0) return progress(f.signed ? 'signed' : 'registered');
  const missing = enrollment.missing.map(typeName);
  switch (enrollmentState(enrollment, f.signed)) {
    case 'not-started':
      return progress('registered', `${CENSUS_PROGRESS_TITLES.registered}: ${missing.join(', ')} to choose`, { missing });
    case 'in-progress':
      return progress('enrolling', `${CENSUS_PROGRESS_TITLES.enrolling}: ${missing.join(', ')} missing`, { missing });
    case 'not-signed':
      return progress('enrolled');
    case 'finished':
      return progress('signed');
  }
}

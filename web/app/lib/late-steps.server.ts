import { redirect } from '@remix-run/node';
import { beneficiariesNext, deleteBeneficiary, loadBeneficiaries, loadBeneficiariesStep, saveBeneficiary, type BeneficiariesStepData, type BeneficiaryList } from './beneficiaries.server';
import type { Caller } from './employee-data.server';
import { loadQuestions, loadSummary, saveAnswers, saveSignature, type AdditionalInfoData, type SummaryData } from './forms.server';
import { ADDITIONAL_INFO_INDEX, BENEFICIARIES_INDEX, SIGNATURE_INDEX, SUMMARY_INDEX, wizardPath } from './registration-steps';
import type { AppSession } from './session.server';

/** Wizard steps 5 to 8: what each loads and what each form does. */

export type LateStepData =
  | { kind: 'beneficiaries'; data: BeneficiariesStepData }
  | { kind: 'additionalInfo'; data: AdditionalInfoData }
  | { kind: 'signature'; summary: SummaryData; beneficiaries: BeneficiaryList }
  | { kind: 'summary'; data: SummaryData };

/** The data of step `index` (5 to 8), loaded before the page draws; null for any other step. */
export async function loadLateStep(index: number, url: URL, caller: Caller): Promise<LateStepData | null> {
  switch (index) {
    case BENEFICIARIES_INDEX:
      return { kind: 'beneficiaries', data: await loadBeneficiariesStep(url, caller) };
    case ADDITIONAL_INFO_INDEX:
      return { kind: 'additionalInfo', data: await loadQuestions(caller) };
    case SIGNATURE_INDEX: {
      // What is being signed, shown above the pad (review before signing).
      const [summary, beneficiaries] = await Promise.all([loadSummary(caller), loadBeneficiaries(caller)]);
      return { kind: 'signature', summary, beneficiaries };
    }
    case SUMMARY_INDEX:
      return { kind: 'summary', data: await loadSummary(caller) };
    default:
      return null;
  }
}

/** The wizard screen each form of steps 5 to 8 belongs to. */
const SCREEN_INDEX: Record<string, number> = {
  beneficiary: BENEFICIARIES_INDEX,
  deleteBeneficiary: BENEFICIARIES_INDEX,
  beneficiaries: BENEFICIARIES_INDEX,
  additionalInfo: ADDITIONAL_INFO_INDEX,
  signature: SIGNATURE_INDEX,
  summary: SUMMARY_INDEX,
};

export const isLateScreen = (screen: unknown): screen is string => typeof screen === 'string' && screen in SCREEN_INDEX;

/**
 * The action of steps 5 to 8. Only a step the person has reached (`resume`) answers; anything else goes
 * back to where they are. `advance` saves the step and moves on (the wizard's own).
 */
export async function lateStepAction<T>(formData: FormData, ctx: { caller: Caller; session: AppSession; resume: number }, advance: (index: number) => Promise<T>) {
  const screen = String(formData.get('screen'));
  const index = SCREEN_INDEX[screen];
  if (index === undefined || index > ctx.resume) throw redirect(wizardPath(ctx.resume));
  const stepPath = wizardPath(index);
  switch (screen) {
    case 'beneficiary':
      return saveBeneficiary(formData, ctx.caller, ctx.session, stepPath);
    case 'deleteBeneficiary':
      return deleteBeneficiary(formData, ctx.caller, ctx.session, stepPath);
    case 'beneficiaries':
      return beneficiariesNext(ctx.caller, () => advance(index));
    case 'additionalInfo':
      return saveAnswers(formData, ctx.caller, () => advance(index));
    case 'signature':
      return saveSignature(formData, ctx.caller, () => advance(index));
    default:
      return advance(index);
  }
}

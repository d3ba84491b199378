import type { SubmissionResult } from '@conform-to/react';
import type { BeneficiaryAnswer } from '~/lib/beneficiaries.server';
import type { AdditionalInfoAnswer, SignatureAnswer } from '~/lib/forms.server';
import { BENEFICIARIES_INDEX, wizardPath } from '~/lib/registration-steps';
import type { LateStepData } from '~/lib/late-steps.server';
import { AdditionalInfoStep } from './AdditionalInfoStep';
import { BeneficiariesStep } from './BeneficiariesStep';
import { SignatureStep } from './SignatureStep';
import { SummaryStep } from './SummaryStep';

/** Any action answer of the wizard: steps 5 to 8 pick theirs by `screen` (the route shows every toast). */
export type LateAnswer = BeneficiaryAnswer | AdditionalInfoAnswer | SignatureAnswer;

function answerOf<S extends string>(answer: unknown, screen: S): (LateAnswer & { screen: S }) | null {
  return typeof answer === 'object' && answer !== null && 'screen' in answer && answer.screen === screen ? (answer as LateAnswer & { screen: S }) : null;
}

/** Registration steps 5 to 8, each with its own form answers. */
export function LateStep({ step, late, answer }: { step: number; late: LateStepData; answer: unknown }) {
  const backTo = wizardPath(step - 1);
  switch (late.kind) {
    case 'beneficiaries': {
      const dialog = answerOf(answer, 'beneficiary') as BeneficiaryAnswer | null;
      const next = answerOf(answer, 'beneficiaries') as BeneficiaryAnswer | null;
      return (
        <BeneficiariesStep
          data={late.data}
          stepPath={wizardPath(BENEFICIARIES_INDEX)}
          backTo={backTo}
          dialogResult={(dialog?.result as SubmissionResult<string[]> | null) ?? undefined}
          nextMessage={next?.message ?? null}
        />
      );
    }
    case 'additionalInfo':
      return <AdditionalInfoStep data={late.data} answer={answerOf(answer, 'additionalInfo') as AdditionalInfoAnswer | null} backTo={backTo} />;
    case 'signature':
      return (
        <SignatureStep error={(answerOf(answer, 'signature') as SignatureAnswer | null)?.error ?? null} backTo={backTo} summary={late.summary} beneficiaries={late.beneficiaries} />
      );
    case 'summary':
      return <SummaryStep data={late.data} backTo={backTo} />;
  }
}

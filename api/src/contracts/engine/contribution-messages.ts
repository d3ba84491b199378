import { formatUsd } from './money';

/** Messages as the site shows them, word for word. */
export const ContributionMessages = {
  fsaOverLimit: 'Your Annual Contribution should be less than the Annual Limit',
  hsaOverLimit: (employerCents: number) => `Your contribution amount exceeds annual limit because your employer is contributing ${formatUsd(employerCents)} toward your HSA`,
  maximumAmount: (cents: number) => `The maximum amount is ${formatUsd(cents)}`,
  eoiRequired: 'Evidence of Insurability Form is required for this level of coverage',
  fieldRequired: 'Field is required',
  /** Not a spec text: an amount that is not one of the plan's options. */
  notAnOption: 'Please choose one of the offered amounts',
} as const;

/** A form field's problem: its path in the request and the message shown beside it. */
export interface FieldError {
  path: string;
  message: string;
}

import { z } from 'zod';
import { AMOUNT_INPUT_PATTERN } from '../engine/money';
import { blankToUndefined, toIntOrUndefined } from '../formats';
import { Messages } from '../messages';
import { OnboardingMessages } from './steps';

/** Tax withholding (Form W-4): filing status, allowances, additional amount and the exemption. */

/** PUT /onboarding/w4: filing status, allowances, additional amount, exemption with its two certifications. */
export const ZW4Request = z
  .object({
    federalFilingStatus: z.preprocess(toIntOrUndefined, z.unknown()),
    federalWithholdingAllowance: z.preprocess(blankToUndefined, z.union([z.string(), z.number()]).optional()),
    federalAdditionalWithholding: z.preprocess(blankToUndefined, z.union([z.string(), z.number()]).optional()),
    federalExemption: z.preprocess((v) => (v === true || v === 'on' || v === 1 || v === '1' ? '1' : '0'), z.enum(['0', '1'])),
    certifyLastYear: z.preprocess((v) => v === true || v === 'on' || v === 'true' || v === '1', z.boolean()),
    certifyThisYear: z.preprocess((v) => v === true || v === 'on' || v === 'true' || v === '1', z.boolean()),
  })
  .superRefine((v, c) => {
    if (v.federalFilingStatus !== 1 && v.federalFilingStatus !== 2 && v.federalFilingStatus !== 3) {
      c.addIssue({ code: 'custom', path: ['federalFilingStatus'], message: OnboardingMessages.filingStatusRequired });
    }
    const allowances = v.federalWithholdingAllowance === undefined ? '' : String(v.federalWithholdingAllowance).trim();
    if (allowances === '') c.addIssue({ code: 'custom', path: ['federalWithholdingAllowance'], message: OnboardingMessages.allowancesRequired });
    else if (allowances.startsWith('-')) c.addIssue({ code: 'custom', path: ['federalWithholdingAllowance'], message: OnboardingMessages.allowancesNegative });
    else if (!/^\d{1,2}$/.test(allowances)) c.addIssue({ code: 'custom', path: ['federalWithholdingAllowance'], message: Messages.unknownOption });
    const extra = v.federalAdditionalWithholding === undefined ? '' : String(v.federalAdditionalWithholding).trim();
    if (extra.startsWith('-')) c.addIssue({ code: 'custom', path: ['federalAdditionalWithholding'], message: OnboardingMessages.amountNegative });
    else if (extra !== '' && !AMOUNT_INPUT_PATTERN.test(extra.replace(/[$,]/g, ''))) c.addIssue({ code: 'custom', path: ['federalAdditionalWithholding'], message: Messages.unknownOption });
    if (v.federalExemption === '1' && !(v.certifyLastYear && v.certifyThisYear)) c.addIssue({ code: 'custom', path: ['certifyThisYear'], message: OnboardingMessages.certifyBoth });
  })
  .transform((v) => {
    const extra = v.federalAdditionalWithholding === undefined ? '' : String(v.federalAdditionalWithholding).trim().replace(/[$,]/g, '');
    return {
      federalFilingStatus: v.federalFilingStatus as 1 | 2 | 3,
      federalWithholdingAllowance: Number(String(v.federalWithholdingAllowance).trim()),
      federalAdditionalWithholdingCents: extra === '' ? 0 : Math.round(Number(extra) * 100),
      federalExemption: v.federalExemption,
    };
  });
export type W4Request = z.output<typeof ZW4Request>;

export const ZW4 = z.object({
  /** As a string. */
  federalFilingStatus: z.string().nullable(),
  federalWithholdingAllowance: z.number().int().nullable(),
  federalAdditionalWithholding: z.string().nullable(),
  federalExemption: z.enum(['0', '1']),
  /** The year the exemption certifications are for. */
  exemptionYear: z.number().int().nullable(),
});
export type W4 = z.infer<typeof ZW4>;

import { z } from 'zod';
import { ZCheckbox, ZDependentAddressesUpdateRequest } from '@bp/api/contracts';

/**
 * The Dependents step's Next form: the same-address checkbox plus one address per dependent, each item
 * checked by the shared PUT /dependents/addresses/update rules. Used by the page and by the action.
 */
export const dependentsNextSchema = z.object({
  sameAddress: ZCheckbox,
  addresses: ZDependentAddressesUpdateRequest.optional(),
});
export type DependentsNext = z.infer<typeof dependentsNextSchema>;

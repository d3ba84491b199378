import { getZodConstraint } from '@conform-to/zod/v4';
import { ZPlanEditFields } from '@bp/api/contracts';

describe('the plan form (plans-setup/plans/{id})', () => {
  it("reads its constraints from the contracts' fields", () => {
    expect(getZodConstraint(ZPlanEditFields)).toMatchObject({ name: { required: true }, employerKind: { required: true } });
  });
});

import { responseViolations } from './response-schemas';

// A suite whose answers do not match the OpenAPI document fails, naming the operation and the difference.
afterAll(() => {
  expect(responseViolations).toEqual([]);
});

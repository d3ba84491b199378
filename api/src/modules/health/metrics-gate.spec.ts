import { metricsGate } from './metrics';

describe('metricsGate', () => {
  const token = 'a-token-of-sixteen+';
  it.each([
    // [token, cidrs, ip, authorization, expected]
    [token, [], '127.0.0.1', undefined, 401],
    [token, [], '127.0.0.1', `Bearer ${token}`, 200],
    [token, [], '127.0.0.1', `Bearer ${token}!`, 401],
    [token, [], '127.0.0.1', token, 401],
    [undefined, [], '127.0.0.1', 'Bearer anything', 404],
    [undefined, ['10.0.0.0/8'], '10.1.2.3', undefined, 200],
    [undefined, ['10.0.0.0/8'], '::ffff:10.1.2.3', undefined, 200],
    [undefined, ['10.0.0.0/8'], '11.1.2.3', undefined, 404],
    [token, ['10.0.0.0/8'], '11.1.2.3', undefined, 401],
    [undefined, ['fd00::/8'], 'fd12::1', undefined, 200],
    [undefined, ['127.0.0.1/32'], '127.0.0.2', undefined, 404],
  ] as const)('token %s, networks %j: %s with %s answers %s', (metricsToken, cidrs, ip, authorization, expected) => {
    expect(metricsGate({ metricsToken, metricsAllowCidr: cidrs })(ip, authorization)).toBe(expected);
  });
});

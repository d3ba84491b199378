import { isLoopback } from './same-origin';

describe('isLoopback (who may read the development inbox)', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.9.9.9', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['10.0.0.5', false],
    ['192.168.1.20', false],
    ['::ffff:10.0.0.5', false],
    ['fe80::1', false],
    [undefined, false],
  ])('%p -> %p', (address, expected) => {
    expect(isLoopback(address)).toBe(expected);
  });
});

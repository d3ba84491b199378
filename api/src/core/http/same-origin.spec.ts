import { isLoopback, protocolOf } from './same-origin';
import type { IncomingMessage } from 'node:http';

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

describe('protocolOf (the scheme, X-Forwarded-Proto trusted from this machine only)', () => {
  const req = (remoteAddress: string, forwarded?: string, encrypted = false) =>
    ({ headers: forwarded === undefined ? {} : { 'x-forwarded-proto': forwarded }, socket: { remoteAddress, encrypted } }) as unknown as IncomingMessage;
  it.each([
    ['plain connection', req('10.0.0.5'), 'http'],
    ['TLS connection', req('10.0.0.5', undefined, true), 'https'],
    ['a local proxy says https', req('127.0.0.1', 'https'), 'https'],
    ['a local proxy chain, first value', req('::1', 'https, http'), 'https'],
    ['a remote peer cannot claim https', req('10.0.0.5', 'https'), 'http'],
    ['a local proxy with a value that is no scheme', req('127.0.0.1', 'gopher'), 'http'],
  ])('%s', (_name, request, expected) => {
    expect(protocolOf(request)).toBe(expected);
  });
});

import { isSitePath } from '@bp/api/contracts';
import { isBrowserClick } from './list-links';

const plain = { button: 0, metaKey: false, altKey: false, ctrlKey: false, shiftKey: false, defaultPrevented: false };
const link = (attrs: { target?: string; download?: boolean; origin?: string } = {}) => ({
  target: attrs.target ?? '',
  origin: attrs.origin ?? 'https://portal.test',
  hasAttribute: (name: string) => name === 'download' && attrs.download === true,
});

describe('isBrowserClick: which clicks on a list link the site leaves to the browser', () => {
  it.each([
    ['a plain left click', plain, link(), false],
    ['a click on a link targeting _self', plain, link({ target: '_self' }), false],
    ['a middle click', { ...plain, button: 1 }, link(), true],
    ['Ctrl+click (new tab)', { ...plain, ctrlKey: true }, link(), true],
    ['Cmd+click (new tab)', { ...plain, metaKey: true }, link(), true],
    ['Shift+click (new window)', { ...plain, shiftKey: true }, link(), true],
    ['Alt+click (download)', { ...plain, altKey: true }, link(), true],
    ['a click something else already handled', { ...plain, defaultPrevented: true }, link(), true],
    ['a link opening in another window', plain, link({ target: '_blank' }), true],
    ['a download link', plain, link({ download: true }), true],
    ['a link to another site', plain, link({ origin: 'https://elsewhere.test' }), true],
  ])('%s: %s', (_name, event, anchor, expected) => {
    expect(isBrowserClick(event, anchor, 'https://portal.test')).toBe(expected);
  });
});

describe('isSitePath: which addresses the list navigates to itself', () => {
  it.each([
    ['/mbl', true],
    ['/mbl/employees-census/5', true],
    ['/mbl/apis', true],
    ['/mbl/api', false],
    ['/mbl/api/files/3', false],
    ['/mblx/page', false],
    ['/other', false],
  ])('%s: %s', (pathname, expected) => {
    expect(isSitePath(pathname)).toBe(expected);
  });
});

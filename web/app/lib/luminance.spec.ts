/// <reference types="jest" />
import { BLACK, DEFAULT_BAND, WHITE, bandColors, parseHexColor, textColorFor } from './luminance';

describe('textColorFor', () => {
  it.each([
    ['#FFFFFF', BLACK],
    ['#ffffff', BLACK],
    ['#fff', BLACK],
    ['FFF', BLACK],
    ['#000000', WHITE],
    ['#000', WHITE],
    ['#1E3A5F', WHITE],
    ['#FFFF00', BLACK], // yellow: 255*.299 + 255*.587 = 225.9
    ['#0000FF', WHITE], // blue: 29.1
    ['#FF0000', WHITE], // red: 76.2
    ['#00FF00', WHITE], // green: 149.7
    ['#BABABA', WHITE], // 186 exactly is not above the threshold
    ['#BBBBBB', BLACK], // 187
    ['  #bbb  ', BLACK],
  ])('%s -> %s', (background, expected) => {
    expect(textColorFor(background)).toBe(expected);
  });

  it.each([[null], [undefined], [''], ['#12'], ['#1234'], ['#GGGGGG'], ['red'], ['rgb(0,0,0)']])(
    'answers null for %p',
    (background) => {
      expect(textColorFor(background)).toBeNull();
    },
  );
});

describe('parseHexColor', () => {
  it.each([
    ['#abc', { r: 0xaa, g: 0xbb, b: 0xcc }],
    ['#A1B2C3', { r: 0xa1, g: 0xb2, b: 0xc3 }],
    ['010203', { r: 1, g: 2, b: 3 }],
  ])('%s', (value, expected) => {
    expect(parseHexColor(value)).toEqual(expected);
  });
});

describe('bandColors', () => {
  it.each([
    ['#FFFFFF', { background: '#FFFFFF', text: BLACK }],
    ['123456', { background: '#123456', text: WHITE }],
    ['#eee', { background: '#eee', text: BLACK }],
    [null, DEFAULT_BAND],
    ['not a colour', DEFAULT_BAND],
  ])('%p', (background, expected) => {
    expect(bandColors(background)).toEqual(expected);
  });

  it('keeps the default band readable', () => {
    expect(textColorFor(DEFAULT_BAND.background)).toBe(DEFAULT_BAND.text);
  });
});

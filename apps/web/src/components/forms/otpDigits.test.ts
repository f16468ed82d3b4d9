import { describe, expect, it } from 'vitest';
import { backspaceIn, emptyDigits, pasteInto, typeInto } from './otpDigits.ts';

const d = (text: string) => text.split('').map((c) => (c === '_' ? '' : c));

describe('OTP boxes', () => {
  it('takes one digit per box and moves on', () => {
    expect(typeInto(emptyDigits(6), 0, '4')).toEqual({ digits: d('4_____'), focus: 1 });
    expect(typeInto(d('12345_'), 5, '6')).toEqual({ digits: d('123456'), focus: 5 });
  });

  it('ignores anything but digits', () => {
    expect(typeInto(d('1_____'), 1, 'a')).toEqual({ digits: d('1_____'), focus: 1 });
    expect(typeInto(d('1_____'), 1, ' ')).toEqual({ digits: d('1_____'), focus: 1 });
  });

  it('replaces the digit of a full box with the one typed', () => {
    expect(typeInto(d('123___'), 1, '27')).toEqual({ digits: d('173___'), focus: 2 });
    expect(typeInto(d('123___'), 1, '72')).toEqual({ digits: d('173___'), focus: 2 });
    expect(typeInto(d('123___'), 1, '22')).toEqual({ digits: d('123___'), focus: 2 });
  });

  it('spreads an autofilled code over the following boxes', () => {
    expect(typeInto(emptyDigits(6), 0, '123456')).toEqual({ digits: d('123456'), focus: 5 });
    expect(typeInto(emptyDigits(6), 4, '9876')).toEqual({ digits: d('____98'), focus: 5 });
  });

  it('fills every box from a pasted code, wherever it lands', () => {
    expect(pasteInto(emptyDigits(6), 3, '654321')).toEqual({ digits: d('654321'), focus: 5 });
    expect(pasteInto(emptyDigits(6), 2, ' 65-43 21 ')).toEqual({ digits: d('654321'), focus: 5 });
    expect(pasteInto(emptyDigits(6), 2, '12')).toEqual({ digits: d('__12__'), focus: 4 });
    expect(pasteInto(d('1_____'), 1, 'code')).toEqual({ digits: d('1_____'), focus: 1 });
  });

  it('goes back with backspace from an empty box', () => {
    expect(backspaceIn(d('123___'), 2)).toEqual({ digits: d('12____'), focus: 2 });
    expect(backspaceIn(d('12____'), 2)).toEqual({ digits: d('1_____'), focus: 1 });
    expect(backspaceIn(emptyDigits(6), 0)).toEqual({ digits: d('______'), focus: 0 });
  });
});

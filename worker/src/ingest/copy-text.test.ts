import { describe, expect, it } from 'vitest';
import { copyBytea, copyTextLine } from './copy-text';

describe('COPY text lines', () => {
  it('tab-separates values and writes null, booleans and numbers the way COPY reads them', () => {
    expect(copyTextLine(['a', null, true, false, 3])).toBe('a\t\\N\tt\tf\t3\n');
  });

  it('escapes tabs, newlines, carriage returns and backslashes inside a value, so one value stays one column', () => {
    expect(copyTextLine(['x\ty', 'line\nbreak\r', 'back\\slash', '\\N'])).toBe(
      'x\\ty\tline\\nbreak\\r\tback\\\\slash\t\\\\N\n',
    );
  });

  it('writes a bytea from hex digits with an escaped backslash (the text format unescapes it once)', () => {
    expect(copyTextLine([copyBytea('00ff')])).toBe('\\\\x00ff\n');
  });
});

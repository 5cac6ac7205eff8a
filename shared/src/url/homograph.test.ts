import { describe, expect, it } from 'vitest';
import { detectHomograph } from './homograph';

const issues = (url: string) => detectHomograph(url).warnings.map((w) => w.issue);

describe('detectHomograph', () => {
  it('flags Latin mixed with Cyrillic in one label, typed or stored', () => {
    const typed = detectHomograph('https://аpple.com/');
    expect(typed.needsConfirmation).toBe(true);
    expect(typed.warnings[0]).toEqual({
      issue: 'mixed_script',
      label: 'аpple',
      scripts: ['Cyrillic', 'Latin'],
    });
    expect(typed.asciiHost).toBe('xn--pple-43d.com');
    expect(typed.displayHost).toBe('аpple.com');
    expect(issues('https://xn--pple-43d.com/')).toEqual(['mixed_script']);
  });

  it('flags an all-Cyrillic label that spells a Latin word under .com', () => {
    expect(issues('https://аррӏе.com/')).toEqual(['whole_script_confusable']);
    expect(issues('https://xn--80ak6aa92e.com/')).toEqual(['whole_script_confusable']);
  });

  it('flags a host typed with fullwidth letters', () => {
    const check = detectHomograph('https://ｅｘａｍｐｌｅ.com/');
    expect(check.needsConfirmation).toBe(true);
    expect(check.warnings.map((w) => w.issue)).toEqual(['folded_characters']);
    expect(check.asciiHost).toBe('example.com');
  });

  it('accepts ordinary hosts in one script and CJK mixes', () => {
    for (const url of [
      'https://example.com/',
      'https://ja.wikipedia.org/wiki/東京',
      'https://пример.рф/',
      'https://bücher.example/',
      'https://ソニーstore.jp/',
      'https://xn--e1afmkfd.xn--p1ai/',
      'mailto:a@b.c',
    ]) {
      expect(detectHomograph(url).needsConfirmation, url).toBe(false);
    }
  });
});

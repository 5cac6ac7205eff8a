import { describe, expect, it } from 'vitest';
import { escapeHtml, isNavigableUrl } from './escape';

describe('escapeHtml', () => {
  it('neutralises every character that could open a tag or leave an attribute', () => {
    expect(escapeHtml(`<script>alert("x")</script>`)).toBe(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;',
    );
    expect(escapeHtml(`" onmouseover='alert(1)' x="`)).toBe('&quot; onmouseover=&#39;alert(1)&#39; x=&quot;');
    expect(escapeHtml('</style><img src=x onerror=alert(1)>')).toBe(
      '&lt;/style&gt;&lt;img src=x onerror=alert(1)&gt;',
    );
  });

  it('escapes ampersands first, so entities typed by a user stay visible as typed', () => {
    expect(escapeHtml('&lt; &amp; Tom & Jerry')).toBe('&amp;lt; &amp;amp; Tom &amp; Jerry');
  });

  it('leaves ordinary text, emoji and non-Latin scripts untouched', () => {
    const text = 'Olá — 東京 🎨 naïve café';
    expect(escapeHtml(text)).toBe(text);
  });

  it('never leaves a raw special character in hostile input', () => {
    const hostile = [
      '<',
      '>',
      '"',
      "'",
      '&',
      '<!--',
      ']]>',
      '`${x}`',
      '\u2028',
      '<svg/onload=alert(1)>',
      '" autofocus onfocus="x',
    ].join('');
    const out = escapeHtml(hostile);
    expect(out).not.toMatch(/[<>"']/);
    expect(out.replace(/&(amp|lt|gt|quot|#39);/g, '')).not.toContain('&');
  });
});

describe('isNavigableUrl', () => {
  it('accepts web, mail and phone links', () => {
    for (const url of [
      'https://example.com/a?b=c',
      'http://example.com',
      'mailto:hi@example.com',
      'tel:+351210000000',
    ]) {
      expect(isNavigableUrl(url)).toBe(true);
    }
  });

  it('refuses script, data and relative URLs', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:text/html,<script>',
      'vbscript:x',
      '/relative',
      '',
      'not a url',
    ]) {
      expect(isNavigableUrl(url)).toBe(false);
    }
  });
});

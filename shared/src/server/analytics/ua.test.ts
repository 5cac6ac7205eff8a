import { describe, expect, it } from 'vitest';
import { createUaParser, parseUserAgent, uaMemoKey } from './ua';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1';
const WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe('parseUserAgent', () => {
  it('derives device type, OS family and browser family', () => {
    expect(parseUserAgent(IPHONE)).toEqual({
      deviceType: 'mobile',
      osFamily: 'iOS',
      browserFamily: 'Mobile Safari',
      isBot: false,
    });
    expect(parseUserAgent(IPAD)).toMatchObject({ deviceType: 'tablet', osFamily: 'iOS' });
    expect(parseUserAgent(WINDOWS)).toEqual({
      deviceType: 'desktop',
      osFamily: 'Windows',
      browserFamily: 'Chrome',
      isBot: false,
    });
    expect(parseUserAgent(ANDROID)).toMatchObject({ deviceType: 'mobile', osFamily: 'Android' });
  });
  it('flags bots and empty UAs (never drops them)', () => {
    expect(parseUserAgent(GOOGLEBOT).isBot).toBe(true);
    expect(parseUserAgent('').isBot).toBe(true);
  });
  it('memoises per UA string', () => {
    const parse = createUaParser(2);
    expect(parse(WINDOWS)).toBe(parse(WINDOWS));
    expect(parse(IPHONE).osFamily).toBe('iOS');
  });
  it('the memo gives the same answer as the direct parse, with or without a precomputed key', () => {
    const parse = createUaParser(2);
    const all = [IPHONE, IPAD, WINDOWS, ANDROID, GOOGLEBOT, '', 'curl/8.5.0'];
    for (let round = 0; round < 3; round++)
      for (const ua of all) {
        expect(parse(ua)).toEqual(parseUserAgent(ua));
        expect(parse(ua, uaMemoKey(ua))).toEqual(parseUserAgent(ua));
      }
  });
  it('files a User-Agent under a hash, not the string', () => {
    expect(uaMemoKey(IPHONE)).not.toContain('iPhone');
    expect(uaMemoKey(IPHONE)).toBe(uaMemoKey(IPHONE));
    expect(uaMemoKey(IPHONE)).not.toBe(uaMemoKey(IPAD));
  });
});

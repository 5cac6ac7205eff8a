import { describe, expect, it } from 'vitest';
import { deepLinkFromArgv, parseDeepLink } from './deep-link';

const WS = '0190d6a4-1b2c-7d3e-8f40-5a6b7c8d9e0f';
const ID = '0190d6a4-aaaa-7bbb-8ccc-dddddddddddd';

describe('deep links', () => {
  it('turns workspace, link, QR and page links into in-app routes', () => {
    expect(parseDeepLink(`linkhub://workspace/${WS}`)).toEqual({
      workspaceId: WS,
      route: `/workspace/${WS}`,
    });
    expect(parseDeepLink(`linkhub://workspace/${WS}/links/${ID}`)).toEqual({
      workspaceId: WS,
      route: `/workspace/${WS}/links/${ID}`,
    });
    expect(parseDeepLink(`linkhub://workspace/${WS}/qr/${ID}`)?.route).toBe(`/workspace/${WS}/qr/${ID}`);
    expect(parseDeepLink(`linkhub://workspace/${WS}/pages/${ID}/`)?.route).toBe(
      `/workspace/${WS}/pages/${ID}`,
    );
    expect(parseDeepLink(`LINKHUB://workspace/${WS.toUpperCase()}/links/${ID}`)?.workspaceId).toBe(WS);
  });

  it('refuses everything else', () => {
    for (const raw of [
      `https://workspace/${WS}/links/${ID}`,
      `linkhub://evil/${WS}/links/${ID}`,
      `linkhub://workspace/not-a-uuid/links/${ID}`,
      `linkhub://workspace/${WS}/settings/${ID}`,
      `linkhub://workspace/${WS}/links`,
      `linkhub://workspace/${WS}/links/../../etc`,
      `linkhub://workspace/${WS}/links/${ID}/extra`,
      `linkhub://workspace/${WS}/links/${ID}?next=https://evil.test`,
      `linkhub://workspace/${WS}/links/${ID}#x`,
      `linkhub://user:pw@workspace/${WS}`,
      `linkhub://workspace/${WS}/links/javascript:alert(1)`,
      'linkhub://',
      'not a url',
      `linkhub://workspace/${WS}/links/${ID}${'a'.repeat(600)}`,
    ]) {
      expect(parseDeepLink(raw), raw).toBeNull();
    }
  });

  it('finds the deep link in a second instance’s command line', () => {
    expect(
      deepLinkFromArgv(['/opt/LinkHub/linkhub', '--no-sandbox', `linkhub://workspace/${WS}/qr/${ID}`])?.route,
    ).toBe(`/workspace/${WS}/qr/${ID}`);
    expect(deepLinkFromArgv(['/opt/LinkHub/linkhub'])).toBeNull();
  });
});

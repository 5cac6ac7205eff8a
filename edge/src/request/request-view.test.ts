import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { nodeRequestView, pathOf, queryOf } from './request-view';

describe('request target', () => {
  it('splits origin-form and full URLs into path and query, leaving the path encoded', () => {
    expect([pathOf('/Spring'), queryOf('/Spring')]).toEqual(['/Spring', '']);
    expect([pathOf('/%53pring?utm_source=x&a=1'), queryOf('/%53pring?utm_source=x&a=1')]).toEqual([
      '/%53pring',
      'utm_source=x&a=1',
    ]);
    expect([
      pathOf('http://lnk.example/spring?a=1#top'),
      queryOf('http://lnk.example/spring?a=1#top'),
    ]).toEqual(['/spring', 'a=1']);
    expect([pathOf('http://lnk.example'), pathOf('https://lnk.example?x'), pathOf('/a#b?c')]).toEqual([
      '/',
      '/',
      '/a',
    ]);
    expect(pathOf('*')).toBe('/');
  });
});

describe('node:http request view', () => {
  it('reads what the Hono view reads: Host, method, path, query, socket address, headers (repeated ones joined)', () => {
    const socket = new Socket();
    const req = new IncomingMessage(socket);
    req.url = '/menu?x=1';
    req.method = 'HEAD';
    req.headers = { host: 'lnk.example', 'accept-language': 'fr', 'x-forwarded-for': ['1.2.3.4', '5.6.7.8'] };
    const view = nodeRequestView(req);
    expect({
      host: view.host,
      method: view.method,
      path: view.path,
      query: view.query,
      socketAddress: view.socketAddress,
    }).toEqual({
      host: 'lnk.example',
      method: 'HEAD',
      path: '/menu',
      query: 'x=1',
      socketAddress: undefined,
    });
    expect(view.header('accept-language')).toBe('fr');
    expect(view.header('x-forwarded-for')).toBe('1.2.3.4, 5.6.7.8');
    expect(view.header('referer')).toBeUndefined();
    socket.destroy();
  });
});

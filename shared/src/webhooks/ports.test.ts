import { describe, expect, it } from 'vitest';
import { isWebPort, portOf } from './ports';

describe('webhook ports', () => {
  it.each([
    ['https://hooks.example.com/x', 443, true],
    ['https://hooks.example.com:443/x', 443, true],
    ['https://hooks.example.com:80/x', 80, true],
    ['http://hooks.example.com/x', 80, true],
    ['https://hooks.example.com:25/x', 25, false],
    ['https://hooks.example.com:6379/x', 6379, false],
    ['https://hooks.example.com:8443/x', 8443, false],
  ])('%s connects to %i (allowed: %s)', (url, port, allowed) => {
    expect(portOf(new URL(url))).toBe(port);
    expect(isWebPort(portOf(new URL(url)))).toBe(allowed);
  });
});

import { describe, expect, it } from 'vitest';
import { AppError } from '@linkhub/shared/errors/app-error';
import { WEBHOOK_CREDENTIALS_SENTENCE } from '@linkhub/shared/url/credentials';
import {
  assertSafeDestination,
  cachedResolver,
  isUnsafeAddress,
  type ResolveHost,
} from './destination-safety';

const publicDns: ResolveHost = async () => ['93.184.216.34'];
const failingDns: ResolveHost = async () => {
  throw new Error('ENOTFOUND');
};

async function reason(url: string, resolve: ResolveHost = publicDns): Promise<string | null> {
  try {
    await assertSafeDestination(url, resolve);
    return null;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    expect(error.code).toBe('destination_unsafe');
    return String(error.details[0]?.reason);
  }
}

describe('destination safety', () => {
  it.each([
    ['http://127.0.0.1/', 'private_address'],
    ['http://10.0.0.1/', 'private_address'],
    ['http://172.16.5.4/', 'private_address'],
    ['http://192.168.1.1/', 'private_address'],
    ['http://169.254.169.254/latest/meta-data', 'private_address'],
    ['http://100.64.0.1/', 'private_address'],
    ['http://0.0.0.0/', 'private_address'],
    ['http://[::1]/', 'private_address'],
    ['http://[fd00:ec2::254]/', 'private_address'],
    ['http://[fe80::1]/', 'private_address'],
    ['http://[::ffff:127.0.0.1]/', 'private_address'],
    ['http://localhost:8080/', 'private_host'],
    ['http://api.localhost/', 'private_host'],
    ['http://metadata.google.internal/', 'private_host'],
    ['ftp://example.com/', 'scheme'],
    ['javascript:alert(1)', 'scheme'],
    ['https://user:secret@example.com/', 'credentials'],
    ['https://user@example.com/', 'credentials'],
    [`https://example.com/${'a'.repeat(2040)}`, 'too_long'],
    ['not a url', 'not_a_url'],
  ])('refuses %s (%s)', async (url, expected) => {
    expect(await reason(url)).toBe(expected);
  });

  it('says why, in words a person can act on, where it can', async () => {
    const message = (url: string) =>
      assertSafeDestination(url, publicDns).then(
        () => null,
        (error: unknown) => (error instanceof AppError ? error.message : String(error)),
      );
    expect(await message('https://user:secret@example.com/')).toBe(
      'The destination carries a user name or password, which every visitor would receive.',
    );
    expect(await message('http://192.168.1.1/')).toBe(
      'The destination points at a private or local network address.',
    );
    expect(await message('not a url')).toBe('The destination URL is not allowed.');
  });

  it('puts the sentence in the detail of the refused field too, so a form can show it beside that field', async () => {
    const detailOf = (url: string, field?: string, credentials?: string) =>
      assertSafeDestination(url, async () => ['10.1.2.3'], field, credentials).then(
        () => null,
        (error: unknown) => (error instanceof AppError ? error.details[0] : String(error)),
      );
    // Only DNS shows this one: the editor cannot know it before the server answers.
    expect(await detailOf('https://intranet.example.com/', 'not_found_url')).toEqual({
      field: 'not_found_url',
      issue: 'destination_unsafe',
      reason: 'private_address',
      message: 'The destination points at a private or local network address.',
    });
    expect(await detailOf('https://u:p@example.com/', 'url', WEBHOOK_CREDENTIALS_SENTENCE)).toMatchObject({
      field: 'url',
      message: WEBHOOK_CREDENTIALS_SENTENCE,
    });
    expect(await detailOf('not a url')).toEqual({
      field: 'destination_url',
      issue: 'destination_unsafe',
      reason: 'not_a_url',
    });
  });

  it('refuses a host when any of its addresses is private', async () => {
    expect(await reason('https://mixed.example.com/', async () => ['93.184.216.34', '10.0.0.9'])).toBe(
      'private_address',
    );
    expect(await reason('https://six.example.com/', async () => ['::1'])).toBe('private_address');
  });

  it('allows public hosts and addresses, and hosts that do not resolve', async () => {
    expect(await reason('https://example.com/path?q=1')).toBeNull();
    expect(await reason('http://93.184.216.34/')).toBeNull();
    expect(await reason('https://not-yet.example.com/', failingDns)).toBeNull();
    expect(isUnsafeAddress('8.8.8.8')).toBe(false);
    expect(isUnsafeAddress('2606:4700::1111')).toBe(false);
  });
});

describe('cachedResolver', () => {
  it('asks the resolver once per host within the window, failures included', async () => {
    const asked: string[] = [];
    const resolver = cachedResolver(async (host) => {
      asked.push(host);
      if (host === 'nowhere.test') throw new Error('ENOTFOUND');
      return ['93.184.216.34'];
    });
    for (let i = 0; i < 5; i += 1) {
      expect(await resolver('example.com')).toEqual(['93.184.216.34']);
      await expect(resolver('nowhere.test')).rejects.toThrow('ENOTFOUND');
    }
    expect(asked).toEqual(['example.com', 'nowhere.test']);
  });
});

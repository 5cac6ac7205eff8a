import { describe, expect, it } from 'vitest';
import { resolveEmbed } from './embeds';

describe('resolveEmbed', () => {
  it('recognises YouTube in its usual URL shapes and uses the privacy-enhanced player', () => {
    for (const url of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://youtube.com/shorts/dQw4w9WgXcQ',
      'https://m.youtube.com/watch?v=dQw4w9WgXcQ',
    ]) {
      expect(resolveEmbed(url)).toEqual({
        provider: 'youtube',
        pageUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        frameUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1',
      });
    }
  });

  it('recognises Vimeo, Spotify and SoundCloud', () => {
    expect(resolveEmbed('https://vimeo.com/76979871')?.frameUrl).toBe(
      'https://player.vimeo.com/video/76979871?autoplay=1&dnt=1',
    );
    expect(resolveEmbed('https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC?si=abc')?.frameUrl).toBe(
      'https://open.spotify.com/embed/track/4uLU6hMCjMI75M1A2tKUQC',
    );
    expect(resolveEmbed('https://open.spotify.com/intl-pt/album/1DFixLWuPkv3KT3TnV35m3')?.pageUrl).toBe(
      'https://open.spotify.com/album/1DFixLWuPkv3KT3TnV35m3',
    );
    const sc = resolveEmbed('https://soundcloud.com/forss/flickermood');
    expect(sc?.provider).toBe('soundcloud');
    expect(sc?.frameUrl).toBe(
      'https://w.soundcloud.com/player/?url=https%3A%2F%2Fsoundcloud.com%2Fforss%2Fflickermood&auto_play=true&visual=false',
    );
  });

  it('returns null for other hosts, bad ids and non-web schemes', () => {
    for (const url of [
      'https://example.com/watch?v=dQw4w9WgXcQ',
      'https://youtube.com/watch?v=short',
      'javascript:alert(1)',
      'https://vimeo.com/channels/staffpicks',
      'not a url',
      'https://soundcloud.com/only-user',
    ]) {
      expect(resolveEmbed(url)).toBeNull();
    }
  });
});

/**
 * Embed providers as data. A bio page never loads a provider until the visitor asks: the block
 * renders as a facade (a plain link to the provider's page) and, with JavaScript on, a click
 * swaps in the provider's player iframe.
 */
export const EMBED_PROVIDERS = {
  youtube: { label: 'YouTube', frameOrigin: 'https://www.youtube-nocookie.com', shape: 'video' },
  vimeo: { label: 'Vimeo', frameOrigin: 'https://player.vimeo.com', shape: 'video' },
  spotify: { label: 'Spotify', frameOrigin: 'https://open.spotify.com', shape: 'audio' },
  soundcloud: { label: 'SoundCloud', frameOrigin: 'https://w.soundcloud.com', shape: 'audio' },
} as const;

export type EmbedProvider = keyof typeof EMBED_PROVIDERS;

/** Origins the page's CSP must allow in `frame-src` once a facade is clicked. */
export const EMBED_FRAME_ORIGINS = Object.values(EMBED_PROVIDERS).map((p) => p.frameOrigin);

export interface ResolvedEmbed {
  provider: EmbedProvider;
  /** The provider page a visitor lands on without JavaScript. */
  pageUrl: string;
  /** The player loaded into an iframe after a click. */
  frameUrl: string;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const SPOTIFY_KINDS = new Set(['track', 'album', 'playlist', 'episode', 'show', 'artist']);

function hostOf(url: URL): string {
  return url.hostname.toLowerCase().replace(/^(www|m|music)\./, '');
}

function youtube(url: URL): ResolvedEmbed | null {
  const host = hostOf(url);
  const parts = url.pathname.split('/').filter(Boolean);
  let id: string | null = null;
  if (host === 'youtu.be') id = parts[0] ?? null;
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (parts[0] === 'watch') id = url.searchParams.get('v');
    else if (parts[0] === 'shorts' || parts[0] === 'embed' || parts[0] === 'live') id = parts[1] ?? null;
  }
  if (id === null || !YOUTUBE_ID.test(id)) return null;
  return {
    provider: 'youtube',
    pageUrl: `https://www.youtube.com/watch?v=${id}`,
    frameUrl: `https://www.youtube-nocookie.com/embed/${id}?autoplay=1`,
  };
}

function vimeo(url: URL): ResolvedEmbed | null {
  const host = hostOf(url);
  const parts = url.pathname.split('/').filter(Boolean);
  const id =
    host === 'vimeo.com'
      ? parts.find((p) => /^\d{1,12}$/.test(p))
      : host === 'player.vimeo.com' && parts[0] === 'video'
        ? parts[1]
        : undefined;
  if (id === undefined || !/^\d{1,12}$/.test(id)) return null;
  return {
    provider: 'vimeo',
    pageUrl: `https://vimeo.com/${id}`,
    frameUrl: `https://player.vimeo.com/video/${id}?autoplay=1&dnt=1`,
  };
}

function spotify(url: URL): ResolvedEmbed | null {
  if (hostOf(url) !== 'open.spotify.com') return null;
  const parts = url.pathname.split('/').filter(Boolean);
  const offset = parts[0] === 'embed' ? 1 : parts[0]?.startsWith('intl-') ? 1 : 0;
  const kind = parts[offset];
  const id = parts[offset + 1];
  if (kind === undefined || id === undefined || !SPOTIFY_KINDS.has(kind) || !/^[A-Za-z0-9]{10,40}$/.test(id))
    return null;
  return {
    provider: 'spotify',
    pageUrl: `https://open.spotify.com/${kind}/${id}`,
    frameUrl: `https://open.spotify.com/embed/${kind}/${id}`,
  };
}

function soundcloud(url: URL): ResolvedEmbed | null {
  if (hostOf(url) !== 'soundcloud.com') return null;
  const parts = url.pathname.split('/').filter(Boolean);
  if (parts.length < 2 || !parts.every((p) => /^[A-Za-z0-9_-]{1,100}$/.test(p))) return null;
  const pageUrl = `https://soundcloud.com/${parts.join('/')}`;
  return {
    provider: 'soundcloud',
    pageUrl,
    frameUrl: `https://w.soundcloud.com/player/?url=${encodeURIComponent(pageUrl)}&auto_play=true&visual=false`,
  };
}

const RESOLVERS = [youtube, vimeo, spotify, soundcloud] as const;

/** The provider of an embed URL, or null when it is not one we know how to embed. */
export function resolveEmbed(raw: string): ResolvedEmbed | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  for (const resolve of RESOLVERS) {
    const found = resolve(url);
    if (found !== null) return found;
  }
  return null;
}

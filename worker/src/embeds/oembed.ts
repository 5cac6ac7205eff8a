import { z } from 'zod';
import type { EmbedProvider } from '@linkhub/shared/blocks/embeds';

/** Each provider's oEmbed endpoint (D-609); `OEMBED_ENDPOINT` replaces them all (tests, a proxy). */
export const OEMBED_ENDPOINTS: Readonly<Record<EmbedProvider, string>> = {
  youtube: 'https://www.youtube.com/oembed',
  vimeo: 'https://vimeo.com/api/oembed.json',
  spotify: 'https://open.spotify.com/oembed',
  soundcloud: 'https://soundcloud.com/oembed',
};

/** What we read of an oEmbed answer: its title and thumbnail (an http(s) URL), nothing else. */
export const oembedAnswerSchema = z.looseObject({
  title: z.string().max(1000).optional().catch(undefined),
  thumbnail_url: z
    .url({ protocol: /^https?$/ })
    .max(2048)
    .optional()
    .catch(undefined),
});
export type OembedAnswer = z.infer<typeof oembedAnswerSchema>;

/** The oEmbed request URL for a provider page. */
export function oembedUrl(provider: EmbedProvider, pageUrl: string, endpoint?: string): string {
  const url = new URL(endpoint ?? OEMBED_ENDPOINTS[provider]);
  url.searchParams.set('url', pageUrl);
  url.searchParams.set('format', 'json');
  return url.toString();
}

/** The answer's fields we use, or null when it is not a JSON object. */
export function readOembed(bytes: Uint8Array): OembedAnswer | null {
  try {
    const parsed = oembedAnswerSchema.safeParse(JSON.parse(new TextDecoder().decode(bytes)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

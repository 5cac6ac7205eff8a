/**
 * Social networks as data: the accessible name of each icon link and its glyph (inner SVG of a
 * 24×24 stroke icon drawn in `currentColor`). Unknown networks get the generic link glyph.
 */
interface SocialNetwork {
  label: string;
  glyph: string;
}

const GLOBE =
  '<circle cx="12" cy="12" r="9"/><path d="M3 12h18M12 3c3 3.5 3 14.5 0 18M12 3c-3 3.5-3 14.5 0 18"/>';
const LINK =
  '<path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1"/>';

export const SOCIAL_NETWORKS = {
  instagram: {
    label: 'Instagram',
    glyph:
      '<rect x="3" y="3" width="18" height="18" rx="5"/><circle cx="12" cy="12" r="4"/><path d="M17.5 6.5h.01"/>',
  },
  tiktok: { label: 'TikTok', glyph: '<path d="M14 3v11.5a3.5 3.5 0 1 1-3.5-3.5M14 3c.5 3 2.5 5 5.5 5"/>' },
  youtube: {
    label: 'YouTube',
    glyph: '<rect x="2" y="5" width="20" height="14" rx="4"/><path d="m10 9 5 3-5 3z"/>',
  },
  x: { label: 'X', glyph: '<path d="M4 4l16 16M20 4 4 20"/>' },
  twitter: { label: 'X (Twitter)', glyph: '<path d="M4 4l16 16M20 4 4 20"/>' },
  facebook: {
    label: 'Facebook',
    glyph: '<path d="M15 3h-2.5A3.5 3.5 0 0 0 9 6.5V10H6v4h3v7h4v-7h3l1-4h-4V7.5a1 1 0 0 1 1-1h2z"/>',
  },
  linkedin: {
    label: 'LinkedIn',
    glyph:
      '<rect x="3" y="3" width="18" height="18" rx="3"/><path d="M8 10v7M8 7v.01M12 17v-7M12 13a3 3 0 0 1 6 0v4"/>',
  },
  github: {
    label: 'GitHub',
    glyph:
      '<path d="M9 19c-4 1.5-4-2-6-2.5M15 21v-3.5c0-1 .1-1.4-.5-2 2.8-.3 5.5-1.4 5.5-6a4.6 4.6 0 0 0-1.3-3.2 4.2 4.2 0 0 0-.1-3.2s-1.1-.3-3.5 1.3a12 12 0 0 0-6.2 0C6.5 2.8 5.4 3.1 5.4 3.1a4.2 4.2 0 0 0-.1 3.2A4.6 4.6 0 0 0 4 9.5c0 4.6 2.7 5.7 5.5 6-.6.6-.6 1.2-.5 2V21"/>',
  },
  threads: {
    label: 'Threads',
    glyph:
      '<path d="M17 8.5C16 5.5 14 4 11.5 4 7.5 4 5 7 5 12s2.5 8 6.5 8c3.5 0 6-2 6-5s-2.5-4.5-5.5-4.5c-2 0-3.5 1-3.5 2.5s1.2 2.5 3 2.5c2.5 0 3.5-2 3.5-5"/>',
  },
  mastodon: {
    label: 'Mastodon',
    glyph:
      '<path d="M18 15c1.5-.5 3-2 3-4V8c0-3-2.5-5-5.5-5h-7C5.5 3 3 5 3 8v5c0 5 3 8 9 8 2 0 3.5-.5 4-1v-2c-1.5.5-3 .6-4.5.5C9 18.3 8 17 8 15c3 .5 7 .5 10 0z"/>',
  },
  bluesky: {
    label: 'Bluesky',
    glyph:
      '<path d="M12 11C10 7 6.5 4 4 4c-1.5 0-1 5 0 7 1 1.5 3 2 5 1.5-3 1-4 3.5-1.5 5.5 2.5 2 4-1 4.5-3 .5 2 2 5 4.5 3 2.5-2 1.5-4.5-1.5-5.5 2 .5 4 0 5-1.5 1-2 1.5-7 0-7-2.5 0-6 3-8 7z"/>',
  },
  twitch: { label: 'Twitch', glyph: '<path d="M4 3h16v11l-4 4h-4l-3 3v-3H5V3zM11 7v4M16 7v4"/>' },
  spotify: {
    label: 'Spotify',
    glyph:
      '<circle cx="12" cy="12" r="9"/><path d="M7.5 9.5c3-1 6.5-.8 9 .8M8 12.5c2.5-.7 5-.5 7 .7M8.5 15.3c2-.5 3.8-.3 5.5.5"/>',
  },
  pinterest: {
    label: 'Pinterest',
    glyph: '<circle cx="12" cy="12" r="9"/><path d="M11 8.5c3-1 5 .5 5 3 0 2.5-2 4-4 3.5M12 11l-2.5 10"/>',
  },
  snapchat: {
    label: 'Snapchat',
    glyph:
      '<path d="M12 3c3 0 5 2 5 5v2.5l2 .5-2 1.5c.5 2 2 3 3 3.5-1 .5-2 .5-2.5 1L17 19c-1.5 0-3 .5-5 2-2-1.5-3.5-2-5-2l-.5-2c-.5-.5-1.5-.5-2.5-1 1-.5 2.5-1.5 3-3.5L5 11l2-.5V8c0-3 2-5 5-5z"/>',
  },
  whatsapp: {
    label: 'WhatsApp',
    glyph:
      '<path d="M4 20l1.3-4A8 8 0 1 1 8 18.7z"/><path d="M9 9.5c0 3 2.5 5.5 5.5 5.5l1-1.5-2-1-1 1a4 4 0 0 1-2-2l1-1-1-2z"/>',
  },
  telegram: { label: 'Telegram', glyph: '<path d="M21 4 3 11l6 2 2 6 3-4 5 4zM9 13l12-9"/>' },
  discord: {
    label: 'Discord',
    glyph:
      '<path d="M8 17c-2 0-4-1-5-2 0-4 1-8 3-10 1.5-.8 3-1 4-1l.5 1.5h3L14 4c1 0 2.5.2 4 1 2 2 3 6 3 10-1 1-3 2-5 2l-1-2M9 12h.01M15 12h.01M7.5 15c3 1.5 6 1.5 9 0"/>',
  },
  email: {
    label: 'Email',
    glyph: '<rect x="3" y="5" width="18" height="14" rx="2"/><path d="m3 7 9 6 9-6"/>',
  },
  website: { label: 'Website', glyph: GLOBE },
} as const satisfies Record<string, SocialNetwork>;

export function socialNetwork(network: string): SocialNetwork {
  const key = network.toLowerCase();
  const known: Record<string, SocialNetwork> = SOCIAL_NETWORKS;
  return known[key] ?? { label: network.length > 0 ? network : 'Link', glyph: LINK };
}

/** An inline SVG icon, hidden from assistive technology (the link carries the name). */
export function iconSvg(glyph: string): string {
  return `<svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">${glyph}</svg>`;
}

import { isbot } from 'isbot';

/**
 * The crawlers that fetch a link to draw its card where it is posted (D-627). Bot-ness is isbot's
 * maintained list (the one analytics flags visits by); this list only picks, among those bots, the
 * card fetchers — so a browser whose User-Agent happens to mention "WhatsApp" is never one.
 */
export const SOCIAL_CRAWLER_TOKENS = [
  'facebookexternalhit',
  'Facebot',
  'meta-externalagent',
  'Twitterbot',
  'Slackbot',
  'LinkedInBot',
  'Discordbot',
  'WhatsApp',
  'TelegramBot',
  'Pinterestbot',
  'redditbot',
  'SkypeUriPreview',
  'vkShare',
  'Mastodon',
  'Bluesky',
  'Embedly',
  'Iframely',
  'Google-PageRenderer',
  'Snapchat',
  'Viber',
] as const;

const SOCIAL_CRAWLER = new RegExp(
  SOCIAL_CRAWLER_TOKENS.map((token) => token.replace(/[-.]/g, '\\$&')).join('|'),
  'i',
);

/**
 * True for a social network's card crawler. `isBot` is the visit's memoised isbot answer when the
 * caller has it (the edge's request facts), so the hit path does not run isbot's pattern twice.
 */
export function isSocialCrawler(userAgent: string, isBot: boolean = isbot(userAgent)): boolean {
  return isBot && userAgent !== '' && SOCIAL_CRAWLER.test(userAgent);
}

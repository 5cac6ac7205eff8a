/**
 * Fonts a theme may use that are served by the edge itself (D-581): `@fontsource/*` packages (pinned
 * in edge/package.json), latin and latin-ext woff2 subsets, `font-display: swap`, under
 * `/_fonts/{file}` on the page's own origin, so a public page makes no third-party request.
 */
export const WEB_FONTS = {
  'dm-sans': { family: 'DM Sans', file: 'dm-sans', weights: [400, 700], fallback: 'system-ui,sans-serif' },
  playfair: {
    family: 'Playfair Display',
    file: 'playfair-display',
    weights: [400, 700],
    fallback: 'Georgia,serif',
  },
  'space-grotesk': {
    family: 'Space Grotesk',
    file: 'space-grotesk',
    weights: [400, 700],
    fallback: 'system-ui,sans-serif',
  },
  lora: { family: 'Lora', file: 'lora', weights: [400, 700], fallback: 'Georgia,serif' },
  'dm-serif': {
    family: 'DM Serif Display',
    file: 'dm-serif-display',
    weights: [400],
    fallback: 'Georgia,serif',
  },
  nunito: { family: 'Nunito', file: 'nunito', weights: [400, 700], fallback: 'system-ui,sans-serif' },
} as const satisfies Record<string, WebFont>;

export interface WebFont {
  /** The CSS family name. */
  family: string;
  /** The `@fontsource/{file}` package and the prefix of its files. */
  file: string;
  /** Only the weights the stylesheet uses: body 400, headings and buttons 700 (600 matches 700). */
  weights: readonly number[];
  fallback: string;
}

export type WebFontKey = keyof typeof WEB_FONTS;

/** The subsets served, with the ranges of the `@fontsource` stylesheets (a browser fetches latin-ext only for a character in it). */
export const FONT_SUBSETS = {
  latin:
    'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD',
  'latin-ext':
    'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF',
} as const;
export type FontSubset = keyof typeof FONT_SUBSETS;

/**
 * The version of every `@fontsource` package the edge serves (edge/package.json pins them; its font
 * test fails when they differ). It is part of the path, so files can be cached as immutable.
 */
export const FONTSOURCE_VERSION = '5.3.0';

/** The path prefix the edge serves font files under (a handle cannot start with `_`). */
export const FONT_PATH = `/_fonts/${FONTSOURCE_VERSION}/`;

/** One served file: `{file}-{subset}-{weight}-normal.woff2`, the name it has in its package. */
export function fontFileName(font: WebFont, subset: FontSubset, weight: number): string {
  return `${font.file}-${subset}-${weight}-normal.woff2`;
}

/** Every file the edge serves, by its public name: the package and path it is read from. */
export function servedFontFiles(): Map<string, { packageName: string; path: string }> {
  const files = new Map<string, { packageName: string; path: string }>();
  for (const font of Object.values(WEB_FONTS) as WebFont[])
    for (const subset of Object.keys(FONT_SUBSETS) as FontSubset[])
      for (const weight of font.weights) {
        const name = fontFileName(font, subset, weight);
        files.set(name, { packageName: `@fontsource/${font.file}`, path: `files/${name}` });
      }
  return files;
}

export function isWebFont(key: string): key is WebFontKey {
  return Object.hasOwn(WEB_FONTS, key);
}

/** The `@font-face` rules of one web font, or '' for a system stack. `base` prefixes the file paths. */
export function fontFaceCss(key: string, base: string = FONT_PATH): string {
  if (!isWebFont(key)) return '';
  const font: WebFont = WEB_FONTS[key];
  const rules: string[] = [];
  for (const subset of Object.keys(FONT_SUBSETS) as FontSubset[])
    for (const weight of font.weights)
      rules.push(
        `@font-face{font-family:"${font.family}";font-style:normal;font-weight:${weight};font-display:swap;` +
          `src:url(${base}${fontFileName(font, subset, weight)}) format("woff2");unicode-range:${FONT_SUBSETS[subset]}}`,
      );
  return rules.join('');
}

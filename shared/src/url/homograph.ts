import { hostToUnicode } from './punycode-decode';

/**
 * Lookalike-host detection for the editor (ARCHITECTURE.md#rules-that-hold-at-every-door): a destination whose host could pass for
 * another one needs the user's confirmation before it is saved. Modelled on the browsers' IDN
 * display rules: letters of several scripts in one label (Latin + Cyrillic `аpple.com`) are
 * suspicious except the combinations CJK writing uses; so is a label written entirely in
 * Cyrillic or Greek letters that all look like Latin ones (`аррӏе.com`) under a Latin top-level
 * domain; and a host typed with characters the URL rules fold into others (fullwidth `ｅｘａｍｐｌｅ.com`).
 */

export type HomographIssue = 'mixed_script' | 'whole_script_confusable' | 'folded_characters';

export type HomographWarning = {
  issue: HomographIssue;
  /** The label (Unicode form) the warning is about. */
  label: string;
  /** Scripts found in that label, e.g. ['Cyrillic', 'Latin']. */
  scripts: string[];
};

export type HomographCheck = {
  /** True when the editor must ask the user to confirm this destination. */
  needsConfirmation: boolean;
  /** The host as it would be shown (Unicode), or null when the value has no host. */
  displayHost: string | null;
  /** The host as it is stored and sent (punycode), or null. */
  asciiHost: string | null;
  warnings: HomographWarning[];
};

const SCRIPTS = [
  'Latin',
  'Cyrillic',
  'Greek',
  'Armenian',
  'Hebrew',
  'Arabic',
  'Han',
  'Hiragana',
  'Katakana',
  'Hangul',
  'Bopomofo',
  'Thai',
  'Georgian',
  'Cherokee',
  'Devanagari',
] as const;
const SCRIPT_TESTS = SCRIPTS.map((name) => ({ name, test: new RegExp(`^\\p{Script=${name}}$`, 'u') }));
const LETTER = /^\p{L}$/u;
/** Letters every script shares (the prolonged sound mark ー, for one). */
const SHARED_SCRIPT = /^[\p{Script=Common}\p{Script=Inherited}]$/u;

/** Script combinations CJK writing uses every day (with Latin, e.g. `ソニーjp.com`). */
const ALLOWED_MIXES: ReadonlyArray<ReadonlySet<string>> = [
  new Set(['Latin', 'Han', 'Hiragana', 'Katakana']),
  new Set(['Latin', 'Han', 'Bopomofo']),
  new Set(['Latin', 'Han', 'Hangul']),
];

/** Cyrillic and Greek letters drawn like Latin ones (Unicode confusables, the common cases). */
const LATIN_LOOKALIKES = new Set([
  ...'аеорсухіјѕԁһӏԛԝԍхьвтмнкгпзАВЕКМНОРСТУХІЈЅԌ',
  ...'αοιυνρτκεχγΑΒΕΖΗΙΚΜΝΟΡΤΥΧ',
]);

function scriptOf(char: string): string | null {
  if (!LETTER.test(char) || SHARED_SCRIPT.test(char)) return null;
  for (const { name, test } of SCRIPT_TESTS) if (test.test(char)) return name;
  return 'Other';
}

function isAllowedMix(scripts: ReadonlySet<string>): boolean {
  return ALLOWED_MIXES.some((allowed) => [...scripts].every((s) => allowed.has(s)));
}

function labelWarnings(label: string, latinTld: boolean): HomographWarning[] {
  const chars = [...label];
  const scripts = new Set(chars.flatMap((c) => scriptOf(c) ?? []));
  const list = [...scripts].sort();
  if (scripts.size > 1 && !isAllowedMix(scripts)) return [{ issue: 'mixed_script', label, scripts: list }];
  const letters = chars.filter((c) => LETTER.test(c));
  const onlyLookalikes = letters.length > 0 && letters.every((c) => LATIN_LOOKALIKES.has(c));
  if (latinTld && onlyLookalikes && (scripts.has('Cyrillic') || scripts.has('Greek')))
    return [{ issue: 'whole_script_confusable', label, scripts: list }];
  return [];
}

/** The host part of what the user typed (before any folding), or null. */
function typedHost(input: string): string | null {
  const match = /^[a-z][a-z0-9+.-]*:\/\/(?:[^/?#@]*@)?(\[[^\]]*\]|[^/?#:]*)/iu.exec(input.trim());
  return match?.[1] ?? null;
}

/** Checks a destination (as typed or as stored) for a lookalike host. */
export function detectHomograph(input: string): HomographCheck {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return { needsConfirmation: false, displayHost: null, asciiHost: null, warnings: [] };
  }
  const asciiHost = url.hostname;
  if (asciiHost === '') return { needsConfirmation: false, displayHost: null, asciiHost: null, warnings: [] };
  const displayHost = hostToUnicode(asciiHost);
  const labels = displayHost.split('.');
  const tld = labels.at(-1) ?? '';
  const latinTld = /^[a-z0-9-]*$/.test(tld) && !tld.startsWith('xn--');
  const warnings = labels.flatMap((label) => labelWarnings(label, latinTld));

  const typed = typedHost(input);
  if (typed !== null) {
    const typedLower = typed.toLowerCase();
    // NFC only undoes composition differences; anything else that changed the letters is a fold (fullwidth, ligatures, compatibility forms).
    if (
      typedLower.normalize('NFC') !== displayHost &&
      typedLower.normalize('NFKC').toLowerCase() !== typedLower.normalize('NFC')
    ) {
      warnings.push({
        issue: 'folded_characters',
        label: typed,
        scripts: [...new Set([...typed].flatMap((c) => scriptOf(c) ?? []))].sort(),
      });
    }
  }
  return { needsConfirmation: warnings.length > 0, displayHost, asciiHost, warnings };
}

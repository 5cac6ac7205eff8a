import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary, translations } from '@zxcvbn-ts/language-en';

/**
 * The password strength rule (16.10): zxcvbn-ts's estimate must reach MIN_SCORE (3 of 4, "safely
 * unguessable: moderate protection from offline slow-hash scenario"). Only the first SCORED_LENGTH
 * characters are scored: the estimator's cost grows with length, and a prefix that long that is
 * strong makes the whole strong.
 */
export const MIN_PASSWORD_SCORE = 3;
const SCORED_LENGTH = 100;

let estimator: ZxcvbnFactory | undefined;
function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    translations,
    graphs: adjacencyGraphs,
    dictionary: { ...commonDictionary, ...englishDictionary },
  });
  return estimator;
}

export type PasswordVerdict = { ok: true } | { ok: false; message: string };

/** Why a password is too weak, in a sentence a person can act on; `userInputs` (email, name) count as guessable. */
export function checkPasswordStrength(password: string, userInputs: readonly string[] = []): PasswordVerdict {
  const result = zxcvbn().check(password.slice(0, SCORED_LENGTH), [...userInputs]);
  if (result.score >= MIN_PASSWORD_SCORE) return { ok: true };
  const parts = [result.feedback.warning, ...result.feedback.suggestions].filter(
    (p): p is string => typeof p === 'string' && p !== '',
  );
  const why = parts.length > 0 ? parts.join(' ') : 'Add another word or two. Uncommon words are better.';
  return { ok: false, message: `This password is too easy to guess. ${why}` };
}

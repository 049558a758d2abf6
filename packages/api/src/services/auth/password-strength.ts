import { PASSWORD_MIN_STRENGTH, passwordStrengthMessage, passwordStrengthTexts } from '@quire/domain';
import { type OptionsType, type TranslationKeys, ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';

/** Not from the spec: the estimator reads this much of a password (its cost grows with the length). */
const CHECKED_LENGTH = 100;

let estimator: ZxcvbnFactory | null = null;

/** Built on first use: the common-password dictionaries take a moment to load. */
function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary },
    graphs: common.adjacencyGraphs,
    translations: passwordStrengthTexts as unknown as TranslationKeys,
  } satisfies OptionsType);
  return estimator;
}

/**
 * Why a new password is refused as guessable (zxcvbn-ts scores it below PASSWORD_MIN_STRENGTH), or null.
 * `userInputs` are the account's own words (name, username, email): a password made of them is guessable.
 */
export function passwordStrengthProblem(password: string, userInputs: readonly string[] = []): string | null {
  const inputs = userInputs
    .flatMap((input) => [input, ...input.split(/[@.\s_-]+/)])
    .filter((w) => w.length > 2);
  const result = zxcvbn().check(password.slice(0, CHECKED_LENGTH), inputs);
  if (result.score >= PASSWORD_MIN_STRENGTH) return null;
  return passwordStrengthMessage(result.feedback.warning, result.feedback.suggestions[0] ?? null);
}

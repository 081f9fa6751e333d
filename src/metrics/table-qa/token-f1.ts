import { tokenF1 as numberAwareTokenF1 } from '../scorers/generic-scorers.js';
import { normaliseText } from '../../parsing/normalise-text.js';

/** Tokens of a text after SQuAD-style normalisation. */
export function answerTokens(text: string): string[] {
  const normalised = normaliseText(text);
  return normalised === '' ? [] : normalised.split(' ');
}

/**
 * SQuAD token F1: the harmonic mean of precision and recall of the
 * prediction's tokens against the gold's, counting each token as often as
 * both contain it; when both texts are one number, 1 for the same value and
 * 0 otherwise (the sign counts). The same rule as the generic `squad-em-f1`
 * scorer. A missing prediction scores as the empty text.
 */
export function tokenF1(prediction: string | null, gold: string): number {
  return numberAwareTokenF1(prediction ?? '', gold);
}

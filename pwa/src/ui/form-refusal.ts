import { ApiError } from '../api/api-error';
import { apiFieldErrors, errorText, topField } from './error-messages';

/**
 * A refused request, split for a form that shows `shownFields`: their sentences go beside the
 * inputs, and `message` says the rest once (empty when every detail is beside its input, so no
 * sentence shows twice).
 */
export function formRefusal(
  error: unknown,
  shownFields: readonly string[],
): { fields: Record<string, string>; message: string } {
  const fields = Object.fromEntries(
    Object.entries(apiFieldErrors(error)).filter(([key]) => shownFields.includes(topField(key))),
  );
  const allBesideInputs =
    error instanceof ApiError &&
    error.details.length > 0 &&
    error.details.every((d) => d.field !== undefined && shownFields.includes(topField(d.field)));
  return { fields, message: allBesideInputs ? '' : errorText(error) };
}

/** One entry of the envelope's `details` array (docs/product-rules.md#errors): at least `field` and `issue`. */
export type DetailValue = string | number | boolean | null | readonly string[];

export type ErrorDetail = {
  readonly field: string;
  readonly issue: string;
  readonly [extra: string]: DetailValue | undefined;
};

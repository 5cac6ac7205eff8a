/**
 * What the builder says where a sign-up block is edited (lead capture lifted the publish hold-back of
 * D-168: the edge takes sign-ups and the worker stores them as leads).
 */
export const EMAIL_CAPTURE_NOTE =
  'Visitors who sign up appear under Bio pages → Leads, with the consent text they agreed to. With double opt-in they count once they confirm the link we mail them.';

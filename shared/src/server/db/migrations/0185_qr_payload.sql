-- D-570: a QR code carries a payload. NULL is a URL code (every code made before payload types),
-- else the validated payload object `{type, …}` (shared/src/qr/payload/schema.ts). A hosted (vcard,
-- event) or static (wifi, sms, email, phone, geo) code has no destination. Expand only.
ALTER TABLE qr_codes ADD COLUMN payload jsonb CONSTRAINT ck_qr_codes_payload CHECK (
  payload IS NULL OR (
    jsonb_typeof(payload) = 'object'
    AND payload->>'type' IN ('vcard', 'event', 'wifi', 'sms', 'email', 'phone', 'geo')
  )
);
ALTER TABLE qr_codes DROP CONSTRAINT ck_qr_codes_target;
ALTER TABLE qr_codes ADD CONSTRAINT ck_qr_codes_target
  CHECK (destination_url IS NOT NULL OR link_id IS NOT NULL OR payload IS NOT NULL);

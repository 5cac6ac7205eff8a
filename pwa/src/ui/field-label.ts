import { ownEntry } from '@linkhub/shared/text/own-entry';

/** Field names whose label is not just the name with spaces. */
const FIELD_LABELS: Record<string, string> = {
  url: 'URL',
  destination_url: 'Destination URL',
  destination: 'Destination',
  slug: 'Short link ending',
  time_zone: 'Time zone',
  current_password: 'Current password',
  new_password: 'New password',
  email: 'Email',
  totp: 'Code',
  code: 'Code',
  fgColor: 'Foreground colour',
  bgColor: 'Background colour',
  size_mm: 'Size',
  expires_at: 'Expiry',
  starts_at: 'Start',
  ios_url: 'iPhone app link',
  android_url: 'Android app link',
  image_url: 'Image',
  folder_id: 'Folder',
  body: 'This',
  form: 'This',
};

/** `"rules.0.value"` → "Value", `"time_zone"` → "Time zone": the last named segment, in words. */
export function fieldLabel(field: string | undefined): string {
  const segments = (field ?? '').split('.').filter((s) => s !== '' && !/^\d+$/.test(s));
  const last = segments.at(-1);
  if (!last) return 'This';
  const known = ownEntry(FIELD_LABELS, last);
  if (known) return known;
  const words = last
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words === '' ? 'This' : words.charAt(0).toUpperCase() + words.slice(1);
}

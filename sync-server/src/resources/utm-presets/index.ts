/** What other resources may use of UTM presets (D-532): a link body's `utm_preset_id`, applied. */
export { memoUtmPresets, utmWithPreset, type UtmOfPreset } from './presets';

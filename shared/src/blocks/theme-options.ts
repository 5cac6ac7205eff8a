/** Theme choices as data: font stacks (system fonts only, so a page makes no font request) and button looks. */
export const FONT_STACKS = {
  system: 'system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif',
  serif: 'Georgia,Cambria,"Times New Roman",Times,serif',
  rounded: 'ui-rounded,"SF Pro Rounded","Nunito","Varela Round",system-ui,sans-serif',
  mono: 'ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace',
} as const;

export type FontKey = keyof typeof FONT_STACKS;
export const FONT_KEYS = Object.keys(FONT_STACKS) as [FontKey, ...FontKey[]];

export const BUTTON_STYLES = ['filled', 'outline', 'soft'] as const;
export type ButtonStyle = (typeof BUTTON_STYLES)[number];

export const BUTTON_SHAPES = {
  square: '4px',
  rounded: '12px',
  pill: '999px',
} as const;
export type ButtonShape = keyof typeof BUTTON_SHAPES;
export const BUTTON_SHAPE_KEYS = Object.keys(BUTTON_SHAPES) as [ButtonShape, ...ButtonShape[]];

import { describe, expect, it } from 'vitest';
import { themeSchema } from '@linkhub/shared/blocks/snapshot';
import { parseTheme } from './parse-theme';

describe('parseTheme', () => {
  it('fills every field the renderer fills, keeping what is stored', () => {
    const theme = parseTheme({ background: '#112233' });
    expect(theme.background).toBe('#112233');
    expect(theme).toEqual({ ...themeSchema.parse({}), background: '#112233' });
  });

  it('a stored theme the renderer cannot read shows as the default, never a crash', () => {
    expect(parseTheme({ background: 42 })).toEqual(themeSchema.parse({}));
  });
});

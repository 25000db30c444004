import type { FillColor } from '@atrium/contracts';
import type { MantineColor } from '@mantine/core';

/** The theme colour that draws each of the spec's fill colours (magenta and Purple have theme names of their own). */
export const FILL_COLOR_THEME: Record<FillColor, MantineColor> = {
  red: 'red',
  blue: 'blue',
  green: 'green',
  gray: 'gray',
  orange: 'orange',
  pink: 'pink',
  yellow: 'yellow',
  magenta: 'grape',
  Purple: 'violet',
  lime: 'lime',
};

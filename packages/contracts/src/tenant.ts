import { z } from 'zod';

/** Font options of the tenant form; 'default' is stored as no font. */
export const FONT_OPTIONS = [
  'default',
  'Arial',
  'Lucida Handwriting',
  'Comic Sans MS',
  'Courier New',
  'Franklin Gothic',
] as const;

/** #rgb or #rrggbb. */
export const HEX_COLOUR = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

const colour = z.string().regex(HEX_COLOUR, 'invalidHexColour').nullable().optional();

export const customTenantPropertiesSchema = z.object({
  primaryColor: colour,
  secondaryColor: colour,
  backgroundColor: colour,
  menuBackgroundColor: colour,
  appThemeColor: colour,
  fontFamily: z
    .enum(FONT_OPTIONS.filter((f) => f !== 'default') as [string, ...string[]])
    .nullable()
    .optional(),
  chatGPTForTenant: z.boolean().optional(),
  chatGPTForCoach: z.boolean().optional(),
  speechToText: z.boolean().optional(),
  liveAvatar: z.boolean().optional(),
});
export type CustomTenantProperties = z.infer<typeof customTenantPropertiesSchema>;

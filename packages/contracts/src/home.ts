import { z } from 'zod';
import { plainText } from './plain-text.js';
import { MEDIA_PATH } from './tenants.js';

/** Limits of the tenant's home content and feature items (spec part 2 §3, §5). */
export const HOME_LIMITS = {
  headlineMax: 200,
  descriptionMobileMax: 2000,
  /** Stored (sanitized) rich text of one field, in characters. */
  richTextMax: 100_000,
  videoUrlMax: 2000,
  customTitleMax: 100,
  customDescriptionMax: 20_000,
  /** Widths of the compressed logo copies /home serves responsively. */
  logoWidths: [320, 800] as const,
} as const;

/**
 * The rich-text editor's tags (headings 1 and 2, bold, italic, numbered and bulleted lists, paragraphs
 * and line breaks): the one allow-list the server's sanitizer keeps, with no attributes at all.
 */
export const RICH_TEXT_TAGS = ['p', 'br', 'h1', 'h2', 'strong', 'em', 'ol', 'ul', 'li'] as const;

/** The message of an embedded video's address that is not on an allowed host (spec part 2 §5, §8). */
export const UNSAFE_URL = 'unsafeUrl';

/**
 * Whether a video address may be embedded: http(s), no user info, and a host that is Atrium's own or
 * on the operator's list (VIDEO_HOSTS); the address must start with that host (spec part 2 §5).
 */
export function isSafeVideoUrl(value: string, hosts: readonly string[]): boolean {
  // No whitespace, control characters or backslashes (which browsers read as slashes).
  const control = [...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
  if (control || /[\s\\]/.test(value)) return false;
  const match = /^https?:\/\/([^/?#]+)(?:[/?#]|$)/i.exec(value);
  const authority = match?.[1]?.toLowerCase();
  // User info ('host@elsewhere') would send the frame elsewhere.
  if (!authority || authority.includes('@')) return false;
  return hosts.some((h) => h.toLowerCase() === authority);
}

const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const text = (max: number) =>
  z.preprocess(emptyToNull, plainText().trim().max(max, 'tooLong').nullable().default(null));
const richText = (max: number) => z.preprocess(emptyToNull, z.string().max(max, 'tooLong').nullable().default(null));
const mediaPath = z.preprocess(emptyToNull, z.string().regex(MEDIA_PATH, 'unknownMediaFile').nullable().default(null));

/** The tenant's logo on /home: the original and its compressed copies (null where none was made). */
export const homeLogoSchema = z.object({
  fileUrl: z.string(),
  fileUrl320: z.string().nullable(),
  fileUrl800: z.string().nullable(),
});

/** GET /home/content and GET /tenants/{id}/content: the tenant's home content (spec part 2 §3). */
export const homeContentSchema = z.object({
  headline: z.string().nullable(),
  logo: homeLogoSchema.nullable(),
  hasCompressedImage320: z.boolean(),
  hasCompressedImage800: z.boolean(),
  pageHtml: z.string().nullable(),
  pageHtml2: z.string().nullable(),
  descriptionMobile: z.string().nullable(),
  videoUrl: z.string().nullable(),
});
export type HomeContent = z.infer<typeof homeContentSchema>;

/** A tenant's home content before any is saved: every field empty. */
export const EMPTY_HOME_CONTENT: HomeContent = {
  headline: null,
  logo: null,
  hasCompressedImage320: false,
  hasCompressedImage800: false,
  pageHtml: null,
  pageHtml2: null,
  descriptionMobile: null,
  videoUrl: null,
};

/** GET /tenants/{id}/content: the content for editing, with the hosts a video may come from. */
export const tenantContentSchema = homeContentSchema.extend({ videoHosts: z.array(z.string()) });
export type TenantContent = z.infer<typeof tenantContentSchema>;

/** PUT /tenants/{id}/content; `hosts` are the hosts a video may be embedded from. */
export const tenantContentBodySchemaFor = (hosts: readonly string[]) =>
  z
    .object({
      headline: text(HOME_LIMITS.headlineMax),
      /** A path POST /tenants/{id}/content/logo answered, or null for no logo. */
      logoMediaFile: mediaPath,
      logoMediaFile320: mediaPath,
      logoMediaFile800: mediaPath,
      pageHtml: richText(HOME_LIMITS.richTextMax),
      pageHtml2: richText(HOME_LIMITS.richTextMax),
      descriptionMobile: text(HOME_LIMITS.descriptionMobileMax),
      videoUrl: z.preprocess(
        emptyToNull,
        z
          .string()
          .trim()
          .max(HOME_LIMITS.videoUrlMax, 'tooLong')
          .refine((v) => isSafeVideoUrl(v, hosts), UNSAFE_URL)
          .nullable()
          .default(null),
      ),
    })
    .superRefine((b, ctx) => {
      // The copies belong to a logo.
      for (const field of ['logoMediaFile320', 'logoMediaFile800'] as const) {
        if (b[field] && !b.logoMediaFile) ctx.addIssue({ code: 'custom', path: [field], message: 'unknownMediaFile' });
      }
    });
export type TenantContentBodyInput = z.input<ReturnType<typeof tenantContentBodySchemaFor>>;
export type TenantContentBody = z.output<ReturnType<typeof tenantContentBodySchemaFor>>;

/** POST /tenants/{id}/content/logo: the stored logo and its compressed copies. */
export const homeLogoUploadSchema = z.object({
  path: z.string(),
  path320: z.string().nullable(),
  path800: z.string().nullable(),
});
export type HomeLogoUpload = z.infer<typeof homeLogoUploadSchema>;

/** A renamable feature item of a tenant (spec part 2 §3 "Tenant feature item"). */
export const featureItemSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  customTitle: z.string().nullable(),
  customDescription: z.string().nullable(),
});
export type FeatureItem = z.infer<typeof featureItemSchema>;

/** PUT /tenants/{id}/featureitems: the edited titles and descriptions, one entry per item. */
export const featureItemsBodySchema = z
  .array(
    z.object({
      id: z.uuid(),
      customTitle: text(HOME_LIMITS.customTitleMax),
      customDescription: richText(HOME_LIMITS.customDescriptionMax),
    }),
  )
  .max(100)
  .superRefine((items, ctx) => {
    const seen = new Set<string>();
    items.forEach((item, i) => {
      if (seen.has(item.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: 'duplicate' });
      seen.add(item.id);
    });
  });
export type FeatureItemsBodyInput = z.input<typeof featureItemsBodySchema>;
export type FeatureItemsBody = z.output<typeof featureItemsBodySchema>;

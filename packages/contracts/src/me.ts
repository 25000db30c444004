import { z } from 'zod';
import { LANGUAGES } from './constants.js';
import { plainText } from './plain-text.js';
import { MEDIA_PATH } from './tenants.js';
import { jobTitleSchema, phoneSchema, USER_LIMITS } from './users.js';

/** Limits of /profile/edit. */
export const PROFILE_LIMITS = {
  nameMax: USER_LIMITS.nameMax,
  /** Largest avatar, in bytes. */
  avatarMaxBytes: 1024 * 1024,
  /** File types an avatar may have (checked by content on the server). */
  avatarTypes: ['png', 'jpg', 'svg', 'ico'] as const,
} as const;

/** The message /profile/edit shows, and PATCH /me answers, when the signed-in user cannot be found. */
export const CANNOT_IDENTIFY_CURRENT_USER = 'Can not identify current user';

/**
 * PATCH /me: the signed-in user's own basic info (spec part 1 §3 "Profile form"). Fields left out stay
 * as they are; the email address and roles are not the user's to change here.
 */
export const profileBodySchema = z.object({
  name: plainText({ error: 'required' }).trim().min(1, 'required').max(PROFILE_LIMITS.nameMax, 'tooLong').optional(),
  surname: plainText({ error: 'invalid' }).trim().max(PROFILE_LIMITS.nameMax, 'tooLong').optional(),
  language: z.enum(LANGUAGES, { error: 'unknownLanguage' }).optional(),
  /** A path POST /me/avatar answered, or null to remove the picture. */
  imagePath: z.string({ error: 'unknownMediaFile' }).regex(MEDIA_PATH, 'unknownMediaFile').nullable().optional(),
  /** Job title and phone in the active tenant (issue 45); team and department are the administrators'. */
  title: jobTitleSchema.optional(),
  phone: phoneSchema.optional(),
});
export type ProfileBody = z.infer<typeof profileBodySchema>;

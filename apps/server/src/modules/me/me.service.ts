import { CANNOT_IDENTIFY_CURRENT_USER, can, FEATURES, POLICIES, type ProfileBody } from '@atrium/contracts';
import type { Db } from '../../db/client.js';
import { AppError, fieldError } from '../../http/errors.js';
import { refuseWhileImpersonating } from '../../http/tenant-context.js';
import type { Principal } from '../../http/tokens.js';
import { type AuthService, toAuthUser } from '../auth/auth.service.js';
import type { MediaService } from '../media/media.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import * as repo from './me.repository.js';

const featureOrder = (name: string) => FEATURES.indexOf(name as (typeof FEATURES)[number]);

/** The signed-in user's own view of the product: the shell's data, their profile and consent. */
export function createMeService(deps: {
  db: Db;
  /** Uploads: profile pictures share the media folder with tenant logos. */
  media: MediaService;
  auth: AuthService;
  notifications: NotificationsService;
}) {
  const { db, media, auth, notifications } = deps;

  async function currentUser(principal: Principal) {
    const user = await repo.findUser(db, principal.userId);
    if (!user) throw new AppError('sessionExpired');
    return user;
  }

  return {
    /** Everything the shell needs: tenants, user, features and menu titles, logos, theme. */
    async generalData(activeTenantId: string | null, principal: Principal) {
      const shell = await repo.findShell(db, principal.userId, activeTenantId);
      if (!shell) throw new AppError('sessionExpired');
      const tenantList = await auth.selectableTenants(principal.userId, can(principal, POLICIES.superadmins));
      const menu = shell.menu.sort((a, b) => featureOrder(a.name) - featureOrder(b.name));
      return {
        imageLogosrc: shell.logoMediaFile,
        imageMobileLogosrc: shell.mobileLogoMediaFile,
        features: menu.map((m) => m.name),
        tenantMenuItemsData: menu,
        sideMenuDocumentTypes: menu.some((m) => m.name === 'Documents') ? shell.sideMenuTypes : [],
        activeUserData: {
          email: shell.email,
          imagePath: shell.imagePath,
          userName: shell.name,
          surname: shell.surname,
          tenantSet: shell.tenantSet,
          title: shell.title,
          phone: shell.phone,
        },
        tenants: tenantList,
        customTenantProperties: shell.customTenantProperties,
      };
    },

    /** GDPR state, language and tenants of the user. */
    async info(principal: Principal) {
      const user = await currentUser(principal);
      const isSuperadmin = can(principal, POLICIES.superadmins);
      return {
        gdprConfirmed: user.gdprConfirmed,
        language: user.language,
        isSuperadmin,
        tenants: await auth.selectableTenants(user.id, isSuperadmin),
        canSendDailyMails: notifications.maySendDailyMails({
          email: user.email,
          roles: principal.roles,
          impersonatorId: principal.impersonatorId,
        }),
      };
    },

    async confirmGdpr(principal: Principal) {
      // Viewing as someone else must not consent on their behalf.
      refuseWhileImpersonating(principal, 'Consent');
      await repo.confirmGdpr(db, principal.userId);
    },

    /** Applies the user's own name, surname, language, picture, job title and phone; answers the user as sign-in does. */
    async updateProfile(
      activeTenantId: string | null,
      principal: Principal,
      { name, surname, language, imagePath, title, phone }: ProfileBody,
    ) {
      refuseWhileImpersonating(principal, 'Your profile');
      const current = await repo.findUser(db, principal.userId);
      if (!current || current.deletedAt) throw new AppError('notFound', CANNOT_IDENTIFY_CURRENT_USER);
      // A picture this user uploaded, or the one they have: never a path to someone else's file.
      if (imagePath && imagePath !== current.imagePath && !(await media.isUploadOf(principal.userId, imagePath))) {
        throw fieldError('imagePath', 'unknownMediaFile', 'No such picture was uploaded');
      }
      // Title and phone belong to the membership of the active tenant (issue 45).
      const person = { ...(title !== undefined && { title }), ...(phone !== undefined && { phone }) };
      if (Object.keys(person).length) {
        const field = title !== undefined ? 'title' : 'phone';
        if (!activeTenantId) throw fieldError(field, 'noActiveTenant', 'Choose the tenant you work in first');
        if (!(await repo.updateOwnPerson(db, current.id, activeTenantId, person))) {
          throw fieldError(field, 'notInActiveTenant', 'You are not in the active tenant');
        }
      }
      const updated = await repo.updateProfile(db, current.id, {
        ...(name !== undefined && { name }),
        ...(surname !== undefined && { surname }),
        ...(language !== undefined && { language }),
        ...(imagePath !== undefined && { imagePath }),
      });
      if (!updated) throw new AppError('notFound', CANNOT_IDENTIFY_CURRENT_USER);
      if (imagePath !== undefined && imagePath !== current.imagePath) {
        await media.claim(db, [imagePath]);
        // The replaced picture goes at once, unless something else still shows it.
        await media.release([current.imagePath]);
      }
      return toAuthUser(updated, principal.roles, {
        activeTenantId,
        impersonatorId: principal.impersonatorId ?? null,
      });
    },

    /**
     * Stores a profile picture within the user's upload volume (their older unsaved one goes); the upload
     * is read only once the caller may change their profile.
     */
    async storeAvatar(principal: Principal, upload: () => Promise<Buffer>) {
      refuseWhileImpersonating(principal, 'Your profile');
      return media.storeImage(principal.userId, 'avatar', upload);
    },
  };
}
export type MeService = ReturnType<typeof createMeService>;

import { MODULES, type ModuleEntry, type ModuleKey, type PageKey } from '@atrium/contracts';
import { type ComponentType, lazy, Suspense } from 'react';

/**
 * A page (or, in place of the pages, a whole module) that is not built yet: its routes are real and
 * guarded, and show ModuleUnavailablePage.
 */
export const NOT_BUILT: unique symbol = Symbol('not built');

export type PageView = ComponentType | typeof NOT_BUILT;

type ModuleView<M extends ModuleKey> = {
  /** A component for every page of the module's manifest entry, by page key. */
  pages: Record<PageKey<M>, PageView> | typeof NOT_BUILT;
  /** The translation key naming the module on its not-built pages (default: its feature's, or menu.<module>). */
  title?: string;
};

export type ModuleRegistry = { [M in ModuleKey]: ModuleView<M> };

// Every page is its own chunk; the sign-in page's chunk is what the bundle budget measures.
const SignInPage = lazy(() => import('@/features/auth/pages/sign-in-page'));
const NotFoundPage = lazy(() => import('@/features/errors/pages/not-found-page'));
const ProfilePage = lazy(() => import('@/features/profile/pages/profile-page'));
const ViewAsButton = lazy(() => import('@/features/impersonation/components/view-as-button'));

/** The profile page with the super administrators' view-as action, whose code loads beside it. */
function ProfileWithViewAs() {
  return (
    <ProfilePage
      actions={
        <Suspense fallback={null}>
          <ViewAsButton />
        </Suspense>
      }
    />
  );
}

/** Each module's page components, for the pages of the module manifest (menu icons: features/<module>/menu-icon.ts). */
export const MODULE_VIEWS = {
  auth: {
    pages: {
      signIn: SignInPage,
      signInError: SignInPage,
      activeTenant: lazy(() => import('@/features/auth/pages/active-tenant-page')),
      office365: lazy(() => import('@/features/auth/pages/office365-callback-page')),
    },
  },
  passwords: {
    pages: {
      forgot: lazy(() => import('@/features/passwords/pages/forgot-password-page')),
      reset: lazy(() => import('@/features/passwords/pages/reset-password-page')),
    },
  },
  errors: {
    pages: {
      unauthorized: lazy(() => import('@/features/errors/pages/unauthorized-page')),
      notFound: NotFoundPage,
      otherTenant: NotFoundPage,
    },
  },
  maps: { title: 'modules.maps', pages: NOT_BUILT },
  home: {
    pages: { home: lazy(() => import('@/features/home/pages/home-page')) },
  },
  news: { pages: NOT_BUILT },
  calendar: { pages: NOT_BUILT },
  timelogs: {
    pages: {
      index: lazy(() => import('@/features/timelogs/pages/timelogs-page')),
      projects: lazy(() => import('@/features/timelogs/pages/projects-page')),
      projectNew: lazy(() => import('@/features/timelogs/pages/project-form-page')),
      projectEdit: lazy(() => import('@/features/timelogs/pages/project-form-page')),
      overview: lazy(() => import('@/features/timelogs/pages/overview-page')),
    },
  },
  messages: { pages: NOT_BUILT },
  chat: { pages: { index: lazy(() => import('@/features/chat/pages/chat-page')) } },
  feed: { pages: NOT_BUILT },
  todo: { pages: NOT_BUILT },
  poll: { pages: NOT_BUILT },
  phonebook: { pages: NOT_BUILT },
  employee: { pages: NOT_BUILT },
  absent: { pages: NOT_BUILT },
  marketplace: {
    pages: NOT_BUILT,
  },
  whistleblow: { pages: NOT_BUILT },
  dataroom: { pages: NOT_BUILT },
  crm: { pages: NOT_BUILT },
  sprints: {
    pages: {
      index: lazy(() => import('@/features/sprints/pages/sprints-page')),
      collaboration: lazy(() => import('@/features/sprints/pages/collaboration-page')),
    },
  },
  toolbox: { pages: NOT_BUILT },
  personalplan: { pages: NOT_BUILT },
  onboarding: { pages: NOT_BUILT },
  playbook: { pages: NOT_BUILT },
  roleplay: { pages: NOT_BUILT },
  aiselling: { pages: NOT_BUILT },
  notifications: {
    pages: {
      list: lazy(() => import('@/features/notifications/pages/notifications-page')),
      inbox: lazy(() => import('@/features/notifications/pages/inbox-page')),
    },
  },
  tenants: {
    pages: {
      list: lazy(() => import('@/features/tenants/pages/tenants-page')),
      form: lazy(() => import('@/features/tenants/pages/tenant-form-page')),
      deleting: lazy(() => import('@/features/tenants/pages/tenant-deleting-page')),
    },
  },
  'tenant-settings': {
    title: 'menu.tenants',
    pages: {
      description: lazy(() => import('@/features/tenant-settings/pages/tenant-description-page')),
      info: lazy(() => import('@/features/tenant-settings/pages/tenant-info-page')),
      tags: lazy(() => import('@/features/tenant-settings/pages/tenant-tags-page')),
      folders: lazy(() => import('@/features/tenant-settings/pages/tenant-folders-page')),
      teams: lazy(() => import('@/features/tenant-settings/pages/tenant-teams-page')),
      departments: lazy(() => import('@/features/tenant-settings/pages/tenant-departments-page')),
      checklists: lazy(() => import('@/features/tenant-settings/pages/tenant-checklists-page')),
      html: lazy(() => import('@/features/tenant-settings/pages/tenant-html-page')),
      emails: lazy(() => import('@/features/mail-settings/pages/mail-settings-page')),
      emailNew: lazy(() => import('@/features/mail-settings/pages/mail-settings-form-page')),
      emailEdit: lazy(() => import('@/features/mail-settings/pages/mail-settings-form-page')),
      emailTemplate: lazy(() => import('@/features/mail-settings/pages/email-template-page')),
    },
  },
  users: {
    pages: {
      list: lazy(() => import('@/features/users/pages/users-page')),
      form: lazy(() => import('@/features/users/pages/user-form-page')),
    },
  },
  clients: {
    pages: {
      list: lazy(() => import('@/features/clients/pages/clients-page')),
      form: lazy(() => import('@/features/clients/pages/client-form-page')),
      location: lazy(() => import('@/features/clients/pages/locations-page')),
      typedLocation: lazy(() => import('@/features/clients/pages/location-form-page')),
      contact: lazy(() => import('@/features/clients/pages/contacts-page')),
      typedContact: lazy(() => import('@/features/clients/pages/contact-form-page')),
    },
  },
  documents: {
    pages: {
      list: lazy(() => import('@/features/documents/pages/documents-page')),
      create: lazy(() => import('@/features/documents/pages/document-form-page')),
      edit: lazy(() => import('@/features/documents/pages/document-form-page')),
      types: lazy(() => import('@/features/documents/pages/document-types-page')),
      typeCreate: lazy(() => import('@/features/documents/pages/document-type-form-page')),
      typeEdit: lazy(() => import('@/features/documents/pages/document-type-form-page')),
      view: lazy(() => import('@/features/documents/pages/document-type-documents-page')),
      folders: lazy(() => import('@/features/documents/pages/folders-page')),
      foldersTypes: lazy(() => import('@/features/documents/pages/document-types-page')),
      foldersDocuments: lazy(() => import('@/features/documents/pages/documents-page')),
      folderCreate: lazy(() => import('@/features/documents/pages/folder-form-page')),
      folderEdit: lazy(() => import('@/features/documents/pages/folder-form-page')),
    },
  },
  mail: {
    pages: { outbox: lazy(() => import('@/features/mail/pages/mail-outbox-page')) },
  },
  audit: {
    pages: { log: lazy(() => import('@/features/audit/pages/audit-page')) },
  },
  profile: {
    pages: { view: ProfileWithViewAs, edit: lazy(() => import('@/features/profile/pages/profile-edit-page')) },
  },
} satisfies ModuleRegistry;

const views: ModuleRegistry = MODULE_VIEWS;

/** The component of one page of the manifest, or NOT_BUILT. */
export function pageView(module: ModuleKey, page: string): PageView {
  const { pages } = views[module];
  return pages === NOT_BUILT ? NOT_BUILT : ((pages as Record<string, PageView>)[page] ?? NOT_BUILT);
}

/**
 * The modules this version does not have yet (their pages are NOT_BUILT): menus, tiles and the tenant
 * form's feature picker leave them out or mark them, and follow by themselves as modules get built.
 */
export const NOT_BUILT_MODULES: ReadonlySet<ModuleKey> = new Set(
  (Object.keys(views) as ModuleKey[]).filter((module) => views[module].pages === NOT_BUILT),
);

/** The translation key that names a module on the pages it does not have yet. */
export function moduleTitle(module: ModuleKey): string {
  const entry: ModuleEntry = MODULES[module];
  return views[module].title ?? (entry.feature ? `feature.${entry.feature}` : `menu.${module}`);
}

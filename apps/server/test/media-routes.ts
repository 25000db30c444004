import { ROLE } from '@atrium/contracts';
import type { TestContext } from './harness.js';
import { multipart, PNG } from './multipart.js';

export type Headers = Record<string, string>;

/**
 * For the media tests: every route that saves a media path, with the field it is saved in, who may
 * upload for it, how a picture is uploaded and how a record comes to show it. `app` answers the suite's
 * test app (made in its beforeAll).
 */
export function mediaRoutes(app: () => TestContext) {
  const post = (url: string, auth: Headers) => {
    const m = multipart(PNG, 'picture.png', 'image/png');
    return app().app.inject({ method: 'POST', url, headers: { ...auth, ...m.headers }, payload: m.payload });
  };
  return {
    avatar: {
      field: 'imagePath',
      uploader: () => app().actor([ROLE.User]),
      upload: (auth: Headers) => post('/core/api/me/avatar', auth),
      save: (auth: Headers, path: string | null) =>
        app().app.inject({ method: 'PATCH', url: '/core/api/me', headers: auth, payload: { imagePath: path } }),
    },
    logo: {
      field: 'logoMediaFile',
      uploader: () => app().actor([ROLE.Superadmin]),
      upload: (auth: Headers, field = 'logoMediaFile') => post(`/core/api/tenants/media?field=${field}`, auth),
      save: async (auth: Headers, path: string | null) => {
        const user = await app().factories.user();
        return app().app.inject({
          method: 'POST',
          url: '/core/api/tenants',
          headers: auth,
          payload: { name: `Shows a logo ${crypto.randomUUID()}`, userIds: [user.id], logoMediaFile: path },
        });
      },
    },
  } as const;
}

/** An upload's answer. */
export type UploadAnswer = Awaited<ReturnType<ReturnType<typeof mediaRoutes>['avatar']['upload']>>;

import { commaList, defineSettings } from '../../settings.js';

declare module '../../settings.js' {
  interface ModuleConfig {
    /** Hosts a landing page's video may come from: the public URL's host, then VIDEO_HOSTS. */
    videoHosts: string[];
  }
}

export default defineSettings({
  env: {
    /**
     * Hosts (host[:port]) besides Atrium's own that a tenant's landing page may embed a video from,
     * comma-separated (e.g. `www.youtube-nocookie.com,player.vimeo.com`); any other address is 'Unsafe url.'.
     */
    VIDEO_HOSTS: commaList(true).optional(),
  },
  read: (e, platform) => ({
    videoHosts: [...new Set([new URL(platform.publicUrl).host.toLowerCase(), ...(e.VIDEO_HOSTS ?? [])])],
  }),
  pageSources: ({ videoHosts }) => ({ frame: videoHosts }),
});

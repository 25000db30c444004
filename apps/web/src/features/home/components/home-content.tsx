import type { HomeContent } from '@atrium/contracts';
import { AspectRatio, Stack, Title } from '@mantine/core';
import { useTranslation } from '@/shared/i18n/use-translation';
import { RichText } from '@/shared/ui/rich-text';
import classes from './home-content.module.css';

/** The logo with its compressed copies: phones pick the 320 px one, wider screens the 800 px one. */
export function ContentLogo({
  logo,
  alt,
  className,
}: {
  logo: NonNullable<HomeContent['logo']>;
  alt: string;
  className?: string;
}) {
  const candidates = [
    logo.fileUrl320 && `${logo.fileUrl320} 320w`,
    logo.fileUrl800 && `${logo.fileUrl800} 800w`,
  ].filter(Boolean);
  return (
    <img
      src={logo.fileUrl}
      srcSet={candidates.length ? candidates.join(', ') : undefined}
      sizes={candidates.length ? '(max-width: 768px) 320px, 800px' : undefined}
      alt={alt}
      className={className ?? classes.logo}
    />
  );
}

/** The rights a video player from an outside origin needs: its own scripts, in its own origin. */
const OUTSIDE_PLAYER = 'allow-scripts allow-same-origin allow-presentation';

/**
 * The sandbox of a video frame. Scripts and same-origin together would let a document of the page's own
 * origin lift its sandbox, so they go only to an http(s) address of another origin; anything else (the
 * page's own origin, a relative path, javascript:, data:, about:, an address that does not parse) gets
 * no rights at all: a video file plays without them.
 */
export function videoSandbox(url: string, pageOrigin: string): string {
  let target: URL;
  try {
    target = new URL(url, pageOrigin);
  } catch {
    return '';
  }
  const web = target.protocol === 'https:' || target.protocol === 'http:';
  return web && target.origin !== pageOrigin ? OUTSIDE_PLAYER : '';
}

/**
 * The embedded video in a sandboxed frame (videoSandbox says with which rights). The page's CSP
 * frame-src permits no address but Atrium's own and the allowed video hosts.
 */
export function ContentVideo({ url, title }: { url: string; title: string }) {
  return (
    <AspectRatio ratio={16 / 9} className={classes.video}>
      <iframe
        src={url}
        title={title}
        sandbox={videoSandbox(url, window.location.origin)}
        allow="fullscreen; picture-in-picture"
        referrerPolicy="strict-origin-when-cross-origin"
        loading="lazy"
      />
    </AspectRatio>
  );
}

/** Desktop /home: headline, body, logo, video and the second block, each only when set. */
export function HomeContentView({ content, tenantName }: { content: HomeContent; tenantName: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" className={classes.content}>
      <div className={classes.intro}>
        <Stack gap="md" className={classes.introText}>
          {content.headline && (
            <Title order={1} className={classes.headline}>
              {content.headline}
            </Title>
          )}
          {content.pageHtml && <RichText html={content.pageHtml} />}
        </Stack>
        {content.logo && <ContentLogo logo={content.logo} alt={t('homeContent.logoAlt', { name: tenantName })} />}
      </div>
      {content.videoUrl && <ContentVideo url={content.videoUrl} title={t('homeContent.video', { name: tenantName })} />}
      {content.pageHtml2 && <RichText html={content.pageHtml2} />}
    </Stack>
  );
}

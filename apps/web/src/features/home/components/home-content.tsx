import type { HomeContent } from '@atrium/contracts';
import { AspectRatio, Stack, Title, Typography } from '@mantine/core';
import { useTranslation } from '@/shared/i18n/use-translation';
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

/** Rich text as the server stored it: sanitized there with the editor's allow-list, rendered as is. */
export function RichText({ html }: { html: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's one sanitizer (storage/rich-text.ts) cleaned it before storing.
  return <Typography className={classes.richText} dangerouslySetInnerHTML={{ __html: html }} />;
}

const isOwnHost = (url: string) => {
  try {
    return new URL(url, window.location.href).host === window.location.host;
  } catch {
    return false;
  }
};

/**
 * The embedded video in a sandboxed frame. Atrium's own address gets no rights at all (a video file
 * plays without them; same-origin scripts could lift the sandbox); an allowed video host may run its
 * player's scripts in its own origin. The page's CSP frame-src permits no other address.
 */
export function ContentVideo({ url, title }: { url: string; title: string }) {
  return (
    <AspectRatio ratio={16 / 9} className={classes.video}>
      <iframe
        src={url}
        title={title}
        sandbox={isOwnHost(url) ? '' : 'allow-scripts allow-same-origin allow-presentation'}
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

import { wrapInEmailTemplate } from '@atrium/contracts';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo } from 'react';
import { escapeHtmlText } from '@/features/mail-settings/components/escape';
import { useTranslation } from '@/shared/i18n/use-translation';

type Props = { emailTemplate: string; footerText: string; backgroundColor: string | null };

/**
 * A sample mail in the template as typed, in a sandboxed frame: sandbox="" runs no scripts, submits no
 * forms and gives the document an opaque origin, so nothing typed here can reach the app.
 */
export function TemplatePreview({ emailTemplate, footerText, backgroundColor }: Props) {
  const { t } = useTranslation();
  const [typed] = useDebouncedValue({ emailTemplate, footerText, backgroundColor }, 250);
  const srcDoc = useMemo(() => {
    const body = `<p>${escapeHtmlText(t('mailSettings.template.sampleGreeting'))}</p><p>${escapeHtmlText(
      t('mailSettings.template.sampleBody'),
    )}</p>`;
    const html = wrapInEmailTemplate(body, {
      emailTemplate: typed.emailTemplate,
      footerText: typed.footerText || null,
      backgroundColor: typed.backgroundColor,
    });
    return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtmlText(
      t('mailSettings.template.sampleSubject'),
    )}</title></head><body style="margin:0;font-family:Arial,sans-serif;color:#222;background:#fff">${html}</body></html>`;
  }, [typed, t]);
  return (
    <iframe
      sandbox=""
      srcDoc={srcDoc}
      title={t('mailSettings.template.previewFrame')}
      style={{
        width: '100%',
        height: 420,
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 8,
        background: '#fff',
      }}
    />
  );
}

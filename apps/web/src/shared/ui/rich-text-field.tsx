import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId } from 'react';
import { styleNonce } from '@/shared/csp/style-nonce';
import { useTranslation } from '@/shared/i18n/use-translation';

/** The formatting a field offers; the server's allow-list (RICH_TEXT_TAGS) keeps the same tags. */
export type RichTextFormat = 'headings' | 'heading' | 'marks' | 'lists' | 'history';

type Props = {
  label: string;
  description?: string;
  /** Stored (sanitized) HTML, or null for none. */
  value: string | null;
  onChange: (html: string) => void;
  error?: string;
  /**
   * Its toolbar, in groups: `headings` (1 and 2, the tenant's texts) or `heading` (one level, mail),
   * `marks` (bold, italic), `lists` (numbered, bulleted), `history` (undo, redo).
   */
  formats: RichTextFormat[];
};

/** StarterKit with only what the toolbar offers: everything else it brings is off. */
const extensionsFor = (levels: (1 | 2)[]) => [
  StarterKit.configure({
    heading: levels.length ? { levels } : false,
    blockquote: false,
    code: false,
    codeBlock: false,
    horizontalRule: false,
    strike: false,
    underline: false,
    link: false,
  }),
];

/** A labelled rich-text input (Mantine's tiptap editor) with the toolbar of spec part 2 §9. */
export function RichTextField({ label, description, value, onChange, error, formats }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const levels: (1 | 2)[] = formats.includes('headings') ? [1, 2] : formats.includes('heading') ? [2] : [];
  const attributes = {
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': `${id}-label`,
    ...(description && { 'aria-describedby': `${id}-description` }),
    ...(error && { 'aria-invalid': 'true', 'aria-errormessage': `${id}-error` }),
  };
  const editor = useEditor({
    extensions: extensionsFor(levels),
    content: value ?? '',
    // Tiptap's own base styles go in a <style> element: it needs the page's CSP nonce.
    injectNonce: styleNonce() || undefined,
    shouldRerenderOnTransaction: false,
    // useEditor hands changed options to the editor on each render: a later error reaches it too.
    editorProps: { attributes },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  const labels = {
    h1ControlLabel: t('richText.h1'),
    h2ControlLabel: formats.includes('heading') ? t('richText.heading') : t('richText.h2'),
    boldControlLabel: t('richText.bold'),
    italicControlLabel: t('richText.italic'),
    orderedListControlLabel: t('richText.orderedList'),
    bulletListControlLabel: t('richText.bulletList'),
    undoControlLabel: t('richText.undo'),
    redoControlLabel: t('richText.redo'),
  };
  const groups = {
    headings: [<RichTextEditor.H1 key="h1" />, <RichTextEditor.H2 key="h2" />],
    heading: [<RichTextEditor.H2 key="h2" />],
    marks: [<RichTextEditor.Bold key="bold" />, <RichTextEditor.Italic key="italic" />],
    lists: [<RichTextEditor.OrderedList key="ol" />, <RichTextEditor.BulletList key="ul" />],
    history: [<RichTextEditor.Undo key="undo" />, <RichTextEditor.Redo key="redo" />],
  };
  return (
    <Input.Wrapper
      label={label}
      description={description}
      error={error}
      id={id}
      labelElement="div"
      inputWrapperOrder={['label', 'description', 'input', 'error']}
    >
      <RichTextEditor editor={editor} labels={labels} mt={4}>
        <RichTextEditor.Toolbar aria-label={t('richText.toolbar')} role="toolbar">
          {formats.map((format) => (
            <RichTextEditor.ControlsGroup key={format}>{groups[format]}</RichTextEditor.ControlsGroup>
          ))}
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
    </Input.Wrapper>
  );
}

// The rich-text editor (TipTap), loaded only when a back-office form needs it (rich-text-field.tsx).
// It writes HTML into a hidden input; the server sanitises it with the storefront's allow-list.
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useRef, useState, type ChangeEvent } from 'react';
import { uploadPicture } from '../picture-upload.ts';

interface RichTextEditorProps {
  name: string;
  label: string;
  defaultValue: string;
  describedBy?: string;
}

interface ToolButton {
  label: string;
  text: string;
  isActive?: (editor: Editor) => boolean;
  run: (editor: Editor) => void;
}

const TOOLS: ToolButton[] = [
  { label: '粗體', text: 'B', isActive: (e) => e.isActive('bold'), run: (e) => e.chain().focus().toggleBold().run() },
  {
    label: '斜體',
    text: 'I',
    isActive: (e) => e.isActive('italic'),
    run: (e) => e.chain().focus().toggleItalic().run(),
  },
  {
    label: '底線',
    text: 'U',
    isActive: (e) => e.isActive('underline'),
    run: (e) => e.chain().focus().toggleUnderline().run(),
  },
  {
    label: '大標題',
    text: 'H2',
    isActive: (e) => e.isActive('heading', { level: 2 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
  },
  {
    label: '小標題',
    text: 'H3',
    isActive: (e) => e.isActive('heading', { level: 3 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
  },
  {
    label: '項目清單',
    text: '• 清單',
    isActive: (e) => e.isActive('bulletList'),
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    label: '編號清單',
    text: '1. 清單',
    isActive: (e) => e.isActive('orderedList'),
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
  {
    label: '引言',
    text: '❝',
    isActive: (e) => e.isActive('blockquote'),
    run: (e) => e.chain().focus().toggleBlockquote().run(),
  },
  { label: '分隔線', text: '—', run: (e) => e.chain().focus().setHorizontalRule().run() },
  { label: '復原', text: '↶', run: (e) => e.chain().focus().undo().run() },
  { label: '重做', text: '↷', run: (e) => e.chain().focus().redo().run() },
];

/** TipTap with the shop's extensions, labelled for screen readers; `onHtml` gets '' for an empty text. */
function editorOptions(
  { label, defaultValue, describedBy }: Omit<RichTextEditorProps, 'name'>,
  onHtml: (html: string) => void,
): Parameters<typeof useEditor>[0] {
  return {
    extensions: [
      StarterKit.configure({
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto', 'tel'] },
      }),
      Image,
    ],
    content: defaultValue,
    // The page's Content-Security-Policy allows no inline <style> without its nonce: the few rules
    // ProseMirror needs are in admin.css.
    injectCSS: false,
    immediatelyRender: false,
    editorProps: {
      attributes: {
        'aria-label': label,
        'aria-multiline': 'true',
        role: 'textbox',
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onHtml(e.isEmpty ? '' : e.getHTML()),
  };
}

/** 連結: asks for the address; an empty one (or the bare https://) removes the link. */
function askForLink(editor: Editor) {
  const current = (editor.getAttributes('link').href as string | undefined) ?? '';
  const href = window.prompt('連結網址（留空則移除連結）', current || 'https://');
  if (href === null) return;
  if (href.trim() === '' || href.trim() === 'https://')
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
  else editor.chain().focus().extendMarkRange('link').setLink({ href: href.trim() }).run();
}

export default function RichTextEditor({ name, label, defaultValue, describedBy }: RichTextEditorProps) {
  const [html, setHtml] = useState(defaultValue);
  const [problem, setProblem] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const editor = useEditor(editorOptions({ label, defaultValue, describedBy }, setHtml));
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => (e ? TOOLS.map((t) => t.isActive?.(e) ?? false).concat(e.isActive('link')) : []),
  });

  async function onImage(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || !editor) return;
    setProblem(null);
    try {
      const uploaded = await uploadPicture(file);
      editor.chain().focus().setImage({ src: uploaded.url, alt: '' }).run();
    } catch (err) {
      setProblem(err instanceof Error ? err.message : '上傳失敗，請稍後再試');
    }
  }

  return (
    <div className="bo-editor">
      <input type="hidden" name={name} value={html} />
      <div className="bo-editor__toolbar" role="toolbar" aria-label={`${label}工具列`}>
        {TOOLS.map((tool, i) => (
          <button
            key={tool.label}
            type="button"
            title={tool.label}
            aria-label={tool.label}
            aria-pressed={tool.isActive ? Boolean(active?.[i]) : undefined}
            onClick={() => editor && tool.run(editor)}
          >
            {tool.text}
          </button>
        ))}
        <button
          type="button"
          title="連結"
          aria-label="連結"
          aria-pressed={Boolean(active?.[TOOLS.length])}
          onClick={() => editor && askForLink(editor)}
        >
          連結
        </button>
        <button type="button" title="插入圖片" aria-label="插入圖片" onClick={() => fileRef.current?.click()}>
          插入圖片
        </button>
        <input
          ref={fileRef}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          hidden
          onChange={onImage}
          aria-label="選擇要插入的圖片"
        />
      </div>
      <EditorContent editor={editor} />
      {problem ? (
        <p className="bo-field__error" role="alert" style={{ padding: '0 12px 8px' }}>
          {problem}
        </p>
      ) : null}
    </div>
  );
}

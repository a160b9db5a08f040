// Pictures of a record: uploaded from the browser, shown as thumbnails, reordered with buttons (the
// first one is the main picture), removed. The form posts the upload keys as hidden inputs.
import { useId, useState, type ChangeEvent } from 'react';
import { imageUrl } from '../../../lib/image-url.ts';
import { uploadPicture } from '../picture-upload.ts';
import { Field } from './fields.tsx';
import { moveItem } from './list-order.ts';

interface PictureFieldProps {
  label: string;
  name: string;
  defaultValue: readonly string[];
  /** 1 = a single picture (uploading replaces it). */
  max?: number;
  error?: string;
  help?: string;
  required?: boolean;
  wide?: boolean;
  purpose?: 'image' | 'favicon';
}

/** The pictures so far, and the upload of new ones (never more than `max`; one replaces a single one). */
function usePictureUploads(initial: readonly string[], max: number, purpose: PictureFieldProps['purpose']) {
  const [pics, setPics] = useState<string[]>(() => [...initial]);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const single = max === 1;

  async function onFiles(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (!files.length) return;
    const room = single ? 1 : max - pics.length;
    if (room <= 0) {
      setProblem(`最多 ${max} 張圖片`);
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const added: string[] = [];
      for (const file of files.slice(0, room)) added.push((await uploadPicture(file, purpose)).name);
      setPics((current) => (single ? added.slice(0, 1) : [...current, ...added]));
      if (files.length > room) setProblem(`最多 ${max} 張圖片，多的沒有上傳`);
    } catch (err) {
      setProblem(err instanceof Error ? err.message : '上傳失敗，請稍後再試');
    } finally {
      setBusy(false);
    }
  }

  return { pics, setPics, busy, problem, onFiles };
}

export function PictureField({
  label,
  name,
  defaultValue,
  max = 1,
  error,
  help,
  required,
  wide = true,
  purpose = 'image',
}: PictureFieldProps) {
  const { pics, setPics, busy, problem, onFiles } = usePictureUploads(defaultValue, max, purpose);
  const inputId = useId();
  const single = max === 1;

  return (
    <Field label={label} error={error ?? problem ?? undefined} help={help} required={required} wide={wide}>
      {() => (
        <ul className="bo-pictures" aria-label={label}>
          {pics.map((pic, i) => (
            <PictureTile
              key={`${pic}-${i}`}
              label={label}
              name={name}
              pic={pic}
              index={i}
              count={pics.length}
              single={single}
              move={(to) => setPics((current) => moveItem(current, i, to))}
              remove={() => setPics((current) => current.filter((_, j) => j !== i))}
            />
          ))}
          {single || pics.length < max ? (
            <li>
              <label className="bo-upload" htmlFor={inputId}>
                <input
                  id={inputId}
                  type="file"
                  accept="image/jpeg,image/png,image/webp,image/gif"
                  multiple={!single}
                  onChange={onFiles}
                  disabled={busy}
                  aria-label={single && pics.length ? `更換${label}` : `上傳${label}`}
                />
                <span>{busy ? '上傳中…' : single && pics.length ? '＋ 更換圖片' : '＋ 上傳圖片'}</span>
              </label>
            </li>
          ) : null}
        </ul>
      )}
    </Field>
  );
}

/** One picture with its place (◀ ▶, the first is 主圖) and 移除; a single picture has no place. */
function PictureTile({
  label,
  name,
  pic,
  index: i,
  count,
  single,
  move,
  remove,
}: {
  label: string;
  name: string;
  pic: string;
  index: number;
  count: number;
  single: boolean;
  move: (to: number) => void;
  remove: () => void;
}) {
  return (
    <li className="bo-picture">
      <input type="hidden" name={name} value={pic} />
      <img src={imageUrl(pic)} alt={`${label} 第 ${i + 1} 張`} loading="lazy" />
      {!single && i === 0 ? <span className="bo-picture__main">主圖</span> : null}
      <div className="bo-picture__bar">
        {single ? (
          <span />
        ) : (
          <span>
            <button type="button" onClick={() => move(i - 1)} disabled={i === 0} aria-label={`第 ${i + 1} 張往前移`}>
              ◀
            </button>
            <button
              type="button"
              onClick={() => move(i + 1)}
              disabled={i === count - 1}
              aria-label={`第 ${i + 1} 張往後移`}
            >
              ▶
            </button>
          </span>
        )}
        <button type="button" onClick={remove} aria-label={`移除第 ${i + 1} 張`}>
          移除
        </button>
      </div>
    </li>
  );
}

// The photos of an after-sales form (a return's, a review's; spec §5, §9): chosen from the phone,
// compressed in the browser one at a time, previewed, removable, then uploaded with the form.
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { FormField, describedBy } from './form-field.tsx';
import { RETURN_IMAGE_TYPES, loadCompressor } from './return-images.ts';

export interface PickedPhoto {
  key: string;
  file: File;
  /** Object URL of the preview (revoked when removed). */
  url: string;
}

export interface PhotoPicker {
  images: PickedPhoto[];
  /** Photos still being compressed. */
  preparing: number;
  error: string;
  setError: (text: string) => void;
  addFiles: (event: ChangeEvent<HTMLInputElement>) => Promise<void>;
  removeImage: (key: string) => void;
  clear: () => void;
}

export function usePhotoPicker({
  max,
  tooMany,
  compress,
}: {
  max: number;
  /** What the shopper reads when choosing more than `max`. */
  tooMany: string;
  compress: (file: File) => Promise<File>;
}): PhotoPicker {
  const [images, setImages] = useState<PickedPhoto[]>([]);
  const [preparing, setPreparing] = useState(0);
  const [error, setError] = useState('');
  const urls = useRef(new Set<string>());

  useEffect(() => {
    // spec §9: the compression library is needed only here; fetch it as the form opens.
    loadCompressor().catch(() => undefined);
    const kept = urls.current;
    return () => kept.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const forget = (image: PickedPhoto) => {
    URL.revokeObjectURL(image.url);
    urls.current.delete(image.url);
  };

  const addFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = ''; // choosing the same photo again still fires a change
    if (files.length === 0) return;
    const room = max - images.length - preparing;
    setError(files.length > room ? tooMany : '');
    const accepted = files.slice(0, Math.max(0, room));
    setPreparing((n) => n + accepted.length);
    // One at a time: the photos keep the order chosen, and a phone decodes one big photo at once.
    for (const [index, file] of accepted.entries()) {
      try {
        const compressed = await compress(file);
        const url = URL.createObjectURL(compressed);
        urls.current.add(url);
        setImages((list) => [...list, { key: `${Date.now()}-${index}-${compressed.name}`, file: compressed, url }]);
      } catch {
        setError('這張照片無法讀取，請換一張 JPG、PNG 或 WebP 照片');
      } finally {
        setPreparing((n) => n - 1);
      }
    }
  };

  const removeImage = (key: string) => {
    setImages((list) => {
      const gone = list.find((image) => image.key === key);
      if (gone) forget(gone);
      return list.filter((image) => image.key !== key);
    });
    setError('');
  };

  const clear = () => {
    images.forEach(forget);
    setImages([]);
    setError('');
  };

  return { images, preparing, error, setError, addFiles, removeImage, clear };
}

/** The labelled file input and the previews with their remove buttons. */
export function PhotoField({
  id,
  label,
  required = false,
  note,
  max,
  photoName,
  picker,
}: {
  id: string;
  label: string;
  required?: boolean;
  note: string;
  max: number;
  /** What one photo is called in alt texts and buttons: 退貨照片, 評價照片. */
  photoName: string;
  picker: PhotoPicker;
}) {
  const { images, preparing, error } = picker;
  return (
    <>
      <FormField id={id} label={label} required={required} error={error} note={note} noteKind="hint">
        <input
          className="return-photos__input"
          type="file"
          accept={RETURN_IMAGE_TYPES}
          multiple
          disabled={images.length + preparing >= max}
          {...describedBy(id, error)}
          onChange={(event) => void picker.addFiles(event)}
        />
        {/* The native control's own words follow the browser's language: this button says it in the shop's. */}
        <label htmlFor={id} className="button button--ghost return-photos__pick" aria-hidden="true">
          選擇照片
        </label>
      </FormField>
      {images.length > 0 || preparing > 0 ? (
        <ul className="return-photos" aria-label="已選擇的照片">
          {images.map((image, index) => (
            <li key={image.key} className="return-photos__item">
              <img src={image.url} alt={`${photoName} ${index + 1}`} width={96} height={96} />
              <button
                type="button"
                className="return-photos__remove"
                aria-label={`移除${photoName} ${index + 1}`}
                onClick={() => picker.removeImage(image.key)}
              >
                ×
              </button>
            </li>
          ))}
          {Array.from({ length: preparing }, (_, i) => (
            <li key={`preparing-${i}`} className="return-photos__item return-photos__item--busy">
              壓縮中…
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

import { useId, useRef, useState, type ChangeEvent, type ClipboardEvent } from 'react';
import { Images, ImagePlus, Loader2, X } from 'lucide-react';
import { getErrorMessage } from '#lib/client/api.ts';
import { checkImageFile, resizeImage, uploadImage } from '#lib/client/image-upload.ts';
import { inputClass, secondaryButton } from './ui.ts';
import { useOwnToasts } from './use-own-toasts.ts';
import MediaPicker from './MediaPicker.tsx';

interface Props {
  value: string;
  onChange: (url: string) => void;
  label?: string;
  /** What the server said is wrong with the URL. */
  error?: string;
}

/**
 * Featured image: upload a file or paste one (checked, resized to 1200 px, JPEG 0.8, sent to the
 * server), choose one already uploaded, or type a URL.
 */
export default function ImageField({ value, onChange, label = 'Featured Image', error }: Props) {
  const id = useId();
  const toast = useOwnToasts();
  const [uploading, setUploading] = useState(false);
  const [picking, setPicking] = useState(false);
  const chooser = useRef<HTMLButtonElement>(null);

  function onFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) void upload(file);
  }

  // A pasted image (a screenshot, an image copied in a browser) is uploaded like a chosen file; pasted
  // text goes into the URL field as typed.
  function onPaste(e: ClipboardEvent<HTMLFieldSetElement>) {
    const file = e.clipboardData.files[0];
    if (!file) return;
    e.preventDefault();
    void upload(file);
  }

  function closePicker() {
    setPicking(false);
    chooser.current?.focus();
  }

  async function upload(file: File) {
    const problem = checkImageFile(file);
    if (problem) {
      toast({ ...problem, variant: 'destructive' });
      return;
    }
    setUploading(true);
    try {
      const saved = await uploadImage(await resizeImage(file));
      onChange(saved.url);
      toast({
        title: 'Image uploaded',
        description: `${saved.width}x${saved.height} ${saved.mimeType.replace('image/', '').toUpperCase()}`,
      });
    } catch (error) {
      toast({ title: 'Upload Failed', description: getErrorMessage(error), variant: 'destructive' });
    } finally {
      setUploading(false);
    }
  }

  return (
    <fieldset className="space-y-3" onPaste={onPaste}>
      <legend className="mb-1.5 text-sm font-medium text-fg">{label}</legend>
      <div className="flex flex-col gap-3">
        <div className="flex aspect-[1200/630] w-full max-w-sm shrink-0 items-center justify-center overflow-hidden rounded-lg border border-dashed border-border bg-bg">
          {value ? (
            <img src={value} alt="Featured image preview" className="size-full object-cover" />
          ) : (
            <ImagePlus aria-hidden className="size-8 text-muted/60" />
          )}
        </div>
        <div className="min-w-0 space-y-2">
          <div className="flex flex-wrap gap-2">
            <label className={`${secondaryButton} cursor-pointer focus-within:ring-2 focus-within:ring-accent`}>
              {uploading ? <Loader2 aria-hidden className="size-4 animate-spin" /> : <ImagePlus aria-hidden className="size-4" />}
              {uploading ? 'Uploading...' : 'Upload Image'}
              <input
                type="file"
                accept="image/*"
                className="sr-only"
                onChange={(e) => void onFile(e)}
                disabled={uploading}
                aria-label="Upload image"
              />
            </label>
            <button
              ref={chooser}
              type="button"
              className={secondaryButton}
              aria-expanded={picking}
              aria-controls={picking ? `${id}-media` : undefined}
              onClick={() => setPicking((open) => !open)}
            >
              <Images aria-hidden className="size-4" /> Choose from uploads
            </button>
            {value && (
              <button type="button" className={secondaryButton} onClick={() => onChange('')}>
                <X aria-hidden className="size-4" /> Remove
              </button>
            )}
          </div>
          {picking && (
            <MediaPicker
              id={`${id}-media`}
              selected={value}
              onPick={(url) => {
                onChange(url);
                closePicker();
              }}
              onClose={closePicker}
            />
          )}
          <label htmlFor={id} className="sr-only">
            Image URL
          </label>
          <input
            id={id}
            type="text"
            inputMode="url"
            className={inputClass}
            placeholder="Or paste an image, or its URL: https://..."
            value={value}
            onChange={(e) => onChange(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          {error && (
            <p id={`${id}-error`} className="text-xs font-medium text-negative">
              {error}
            </p>
          )}
          <p className="text-xs text-muted">Recommended: 1200x630. JPG, PNG and WebP.</p>
        </div>
      </div>
    </fieldset>
  );
}

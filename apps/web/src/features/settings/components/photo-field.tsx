import { PHOTO_LIMITS } from '@lokal/shared/constants/settings';
import { Camera } from 'lucide-react';
import { useEffect, useState } from 'react';
import { buttonClass } from '../../../components/ui/button.tsx';

/** A local preview of a picked file, released when it changes or the form closes. */
function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

type Props = {
  image: string;
  name: string;
  file: File | null;
  onFile: (file: File | null) => void;
  error?: string;
};

/** The profile photo: current picture or the new one's preview; uploaded when the form is saved. */
export function PhotoField({ image, name, file, onFile, error }: Props) {
  const preview = usePreview(file);
  return (
    <div className="flex items-center gap-4">
      <img
        src={preview ?? image}
        alt={preview ? 'Preview of your new photo' : `Current photo of ${name}`}
        width={80}
        height={80}
        className="h-20 w-20 shrink-0 rounded-full bg-sand object-cover"
      />
      <div className="min-w-0">
        <label
          className={buttonClass(
            'outline',
            'sm',
            'cursor-pointer has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-gold-deep',
          )}
        >
          <Camera className="h-4 w-4" aria-hidden />
          {file ? 'Choose another photo' : 'Change photo'}
          <input
            id="ep-photo"
            type="file"
            accept={PHOTO_LIMITS.types.join(',')}
            className="sr-only"
            aria-describedby={error ? 'ep-photo-error' : 'ep-photo-hint'}
            onChange={(e) => onFile(e.target.files?.[0] ?? null)}
          />
        </label>
        <p id="ep-photo-hint" className="mt-1.5 text-xs text-muted">
          A real photo of you: JPEG, PNG or WebP, at least 400×400, up to 5 MB; cropped to a square.
        </p>
        {error ? (
          <p id="ep-photo-error" role="alert" className="mt-1 text-sm text-danger">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}

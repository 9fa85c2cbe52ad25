import { X } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { removePhoto } from '../api/remove-photo.ts';

const UPLOADED = '/api/uploads/';

/** The member's uploaded photos, each removable (its file is deleted on the server). */
export function PhotoGallery({ photos, onRemoved }: { photos: string[]; onRemoved: () => unknown }) {
  const uploaded = [...new Set(photos)].filter((p) => p.startsWith(UPLOADED));
  const [busy, setBusy] = useState<string | null>(null);

  async function remove(photo: string) {
    setBusy(photo);
    try {
      await removePhoto(photo);
      await onRemoved();
      toast.success('Photo removed');
    } catch (err) {
      toast.error((err as Error).message);
    } finally {
      setBusy(null);
    }
  }

  if (uploaded.length === 0) {
    return <p className="text-sm text-muted">No uploaded photos yet. Add one with Edit profile.</p>;
  }
  return (
    <ul className="grid grid-cols-3 gap-3 sm:grid-cols-5" aria-label="Your uploaded photos">
      {uploaded.map((photo, i) => (
        <li key={photo} className="relative">
          <img
            src={photo}
            alt={`Your upload ${i + 1} of ${uploaded.length}`}
            width={96}
            height={96}
            className="aspect-square w-full rounded-xl bg-sand object-cover"
          />
          <button
            type="button"
            onClick={() => remove(photo)}
            disabled={busy !== null}
            aria-label={`Remove upload ${i + 1}`}
            className="absolute top-1 right-1 inline-flex h-8 w-8 items-center justify-center rounded-full bg-ink/80 text-white hover:bg-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-deep disabled:opacity-50"
          >
            <X className="h-4 w-4" aria-hidden />
          </button>
        </li>
      ))}
    </ul>
  );
}

import { EXPERIENCE_LIMITS as L } from '@lokal/shared/constants/experiences';
import { PHOTO_LIMITS } from '@lokal/shared/constants/settings';
import type { Experience } from '@lokal/shared/schemas/experiences';
import { ChevronLeft, ChevronRight, ImagePlus, Trash2 } from 'lucide-react';
import { type DragEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { buttonClass } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDeleteExperiencePhoto } from '../api/delete-experience-photo.ts';
import { useReorderExperiencePhotos } from '../api/reorder-experience-photos.ts';
import { useUploadExperiencePhoto } from '../api/upload-experience-photo.ts';

type Photo = Experience['photos'][number];

function moved<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/**
 * The experience's photos in the order travellers see them (docs/product.md#experiences): add up to eight,
 * remove one, and move one by dragging it or, with it focused, by the arrow keys or the Move buttons. Each
 * move is saved at once; the server's answer is the order that stands.
 */
export function PhotoManager({ experienceId, photos }: { experienceId: string; photos: Photo[] }) {
  const upload = useUploadExperiencePhoto(experienceId);
  const remove = useDeleteExperiencePhoto(experienceId);
  const reorder = useReorderExperiencePhotos(experienceId);
  const [order, setOrder] = useState(photos);
  const [error, setError] = useState<string | null>(null);
  const [said, setSaid] = useState('');
  const [uploading, setUploading] = useState(0);
  const dragFrom = useRef<number | null>(null);
  const [dropAt, setDropAt] = useState<number | null>(null);
  const tiles = useRef(new Map<string, HTMLElement>());
  const focusAfter = useRef<string | null>(null);

  // The server's list replaces the local one whenever an answer lands.
  useEffect(() => setOrder(photos), [photos]);
  useEffect(() => {
    if (!focusAfter.current) return;
    tiles.current.get(focusAfter.current)?.focus();
    focusAfter.current = null;
  });

  const left = L.photosMax - order.length;
  const busy = uploading > 0 || remove.isPending;

  function move(from: number, to: number) {
    if (to < 0 || to >= order.length || from === to) return;
    const before = order;
    const next = moved(order, from, to);
    setOrder(next);
    focusAfter.current = next[to]!.id;
    setSaid(`Photo moved to position ${to + 1} of ${next.length}.`);
    reorder.mutate(
      next.map((p) => p.id),
      {
        onError: (err) => {
          setOrder(before);
          setSaid(`The order was not saved: ${err.message}`);
          setError(err.message);
        },
      },
    );
  }

  function onTileKey(e: KeyboardEvent, i: number) {
    const to = {
      ArrowLeft: i - 1,
      ArrowUp: i - 1,
      ArrowRight: i + 1,
      ArrowDown: i + 1,
      Home: 0,
      End: order.length - 1,
    }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    move(i, to);
  }

  async function add(files: FileList | null) {
    if (!files?.length) return;
    setError(null);
    const picked = [...files].slice(0, Math.max(0, left));
    setUploading(picked.length);
    // One at a time, in the order picked; the first refusal stops the rest and leaves the list as it was.
    for (const file of picked) {
      try {
        await upload.mutateAsync(file);
        setSaid(`${file.name} added.`);
      } catch (err) {
        setError((err as Error).message);
        break;
      } finally {
        setUploading((n) => n - 1);
      }
    }
    setUploading(0);
    if (files.length > picked.length) setError(`Up to ${L.photosMax} photos; the rest were not added.`);
  }

  function drop(e: DragEvent, to: number) {
    e.preventDefault();
    const from = dragFrom.current;
    dragFrom.current = null;
    setDropAt(null);
    if (from !== null) move(from, to);
  }

  return (
    <section aria-labelledby="xp-photos-title" className="rounded-card border border-line bg-white p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="xp-photos-title" className="text-xl">
          Photos
        </h2>
        <p className="text-sm text-muted">
          {order.length} of {L.photosMax}
        </p>
      </div>
      <p id="xp-photos-hint" className="mt-1 text-sm text-muted">
        The first photo is the one travellers see on your card. Drag a photo to move it, or focus it and use
        the arrow keys.
      </p>

      {order.length ? (
        <ol className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Photos in order">
          {order.map((p, i) => (
            <li
              key={p.id}
              data-testid="photo-tile"
              data-photo-id={p.id}
              onDragOver={(e) => {
                e.preventDefault();
                setDropAt(i);
              }}
              onDragLeave={() => setDropAt((at) => (at === i ? null : at))}
              onDrop={(e) => drop(e, i)}
              className={`rounded-xl border-2 p-1 ${dropAt === i ? 'border-gold-deep' : 'border-transparent'}`}
            >
              <figure
                ref={(el) => {
                  if (el) tiles.current.set(p.id, el);
                  else tiles.current.delete(p.id);
                }}
                // biome-ignore lint/a11y/noNoninteractiveTabindex: the photo is what the arrow keys move
                tabIndex={0}
                draggable
                onDragStart={(e) => {
                  dragFrom.current = i;
                  e.dataTransfer.effectAllowed = 'move';
                  e.dataTransfer.setData('text/plain', p.id);
                }}
                onDragEnd={() => setDropAt(null)}
                onKeyDown={(e) => onTileKey(e, i)}
                aria-label={`Photo ${i + 1} of ${order.length}${i === 0 ? ', on the card' : ''}`}
                aria-describedby="xp-photos-hint"
                className="relative cursor-grab overflow-hidden rounded-lg active:cursor-grabbing"
              >
                <img
                  src={p.url}
                  alt=""
                  className="aspect-[4/3] w-full bg-sand object-cover"
                  draggable={false}
                />
                <figcaption className="absolute top-1.5 left-1.5 rounded-full bg-ink/75 px-2 text-xs leading-5 text-ivory">
                  {i === 0 ? 'Cover' : i + 1}
                </figcaption>
              </figure>
              <div className="mt-1 flex justify-between">
                <button
                  type="button"
                  onClick={() => move(i, i - 1)}
                  disabled={i === 0}
                  aria-label={`Move photo ${i + 1} left`}
                  className="grid h-9 w-9 place-items-center rounded-full hover:bg-sand disabled:opacity-30"
                >
                  <ChevronLeft className="h-4 w-4" aria-hidden />
                </button>
                <button
                  type="button"
                  onClick={() =>
                    remove.mutate(p.id, {
                      onSuccess: () => setSaid(`Photo ${i + 1} removed.`),
                      onError: (err) => setError(err.message),
                    })
                  }
                  disabled={busy}
                  aria-label={`Remove photo ${i + 1}`}
                  className="grid h-9 w-9 place-items-center rounded-full text-danger hover:bg-sand disabled:opacity-30"
                >
                  <Trash2 className="h-4 w-4" aria-hidden />
                </button>
                <button
                  type="button"
                  onClick={() => move(i, i + 1)}
                  disabled={i === order.length - 1}
                  aria-label={`Move photo ${i + 1} right`}
                  className="grid h-9 w-9 place-items-center rounded-full hover:bg-sand disabled:opacity-30"
                >
                  <ChevronRight className="h-4 w-4" aria-hidden />
                </button>
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-4 rounded-xl border border-dashed border-line p-6 text-center text-sm text-muted">
          No photos yet. Travellers book what they can picture: add a few of the places you go.
        </p>
      )}

      <div className="mt-4 flex flex-wrap items-center gap-3">
        {left > 0 ? (
          <label
            className={buttonClass(
              'outline',
              'sm',
              `cursor-pointer has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-gold-deep ${busy ? 'pointer-events-none opacity-50' : ''}`,
            )}
          >
            <ImagePlus className="h-4 w-4" aria-hidden />
            Add photos
            <input
              type="file"
              multiple
              accept={PHOTO_LIMITS.types.join(',')}
              className="sr-only"
              disabled={busy}
              aria-describedby={error ? 'xp-photos-error' : 'xp-photos-types'}
              onChange={(e) => {
                void add(e.target.files);
                e.target.value = '';
              }}
            />
          </label>
        ) : (
          <p className="text-sm text-muted">You have the most photos an experience can hold.</p>
        )}
        {uploading > 0 ? <Spinner label="Uploading…" /> : null}
        <p id="xp-photos-types" className="text-xs text-muted">
          Real photos, JPEG, PNG or WebP, at least 800×600; 3 to publish, up to {left} more.
        </p>
      </div>
      {error ? (
        <p id="xp-photos-error" role="alert" className="mt-2 text-sm text-danger">
          {error}
        </p>
      ) : null}
      <p aria-live="polite" className="sr-only" data-testid="photos-announcement">
        {said}
      </p>
    </section>
  );
}

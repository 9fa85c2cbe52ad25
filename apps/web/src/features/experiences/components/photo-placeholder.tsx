import { ImageOff } from 'lucide-react';

/** Where a photo goes before the guide has added one. */
export function PhotoPlaceholder({ className = '' }: { className?: string }) {
  return (
    <div className={`grid place-items-center bg-sand text-muted ${className}`}>
      <span className="flex flex-col items-center gap-1 text-xs">
        <ImageOff className="h-6 w-6" aria-hidden />
        No photo yet
      </span>
    </div>
  );
}

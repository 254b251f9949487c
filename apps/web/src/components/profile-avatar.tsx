import { clsx } from 'clsx';
import { UserRound } from 'lucide-react';
import { useState } from 'react';

interface ProfileAvatarProps {
  photoUrl: string | null | undefined;
  firstName?: string | null;
  lastName?: string | null;
  /** Text alternative; empty when the picture sits next to (or inside) something that names it. */
  alt?: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
  /** Called when the picture fails to load (e.g. its signed URL expired), so the owner can refetch. */
  onBroken?: () => void;
  /** The page's main picture (a therapist's page): fetched first, as the likely largest paint (issue 49). */
  priority?: boolean;
}

const sizes = { sm: 'size-9 text-sm', md: 'size-16 text-xl', lg: 'size-28 text-3xl' } as const;
/** The circles' sizes in CSS pixels, as the picture's width and height (its space is kept before it loads). */
const pixels = { sm: 36, md: 64, lg: 112 } as const;

export function initialsOf(firstName?: string | null, lastName?: string | null): string {
  return [firstName, lastName]
    .map((part) => part?.trim().charAt(0) ?? '')
    .join('')
    .toUpperCase();
}

/** The user's picture or avatar, else their initials, else a person icon: a circle in every case. */
export function ProfileAvatar({
  photoUrl,
  firstName,
  lastName,
  alt = '',
  size = 'md',
  className,
  onBroken,
  priority = false,
}: ProfileAvatarProps) {
  const [broken, setBroken] = useState<string | null>(null);
  const initials = initialsOf(firstName, lastName);
  const box = clsx(
    'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100 font-semibold text-brand-800',
    sizes[size],
    className,
  );
  if (photoUrl && broken !== photoUrl) {
    return (
      <span className={box}>
        <img
          src={photoUrl}
          alt={alt}
          width={pixels[size]}
          height={pixels[size]}
          {...(priority ? { fetchPriority: 'high' as const } : { decoding: 'async' as const })}
          data-profile-picture=""
          className="size-full object-cover"
          onError={() => {
            setBroken(photoUrl);
            onBroken?.();
          }}
        />
      </span>
    );
  }
  return (
    <span
      className={box}
      role={alt ? 'img' : undefined}
      aria-label={alt || undefined}
      aria-hidden={alt ? undefined : true}
    >
      {initials || <UserRound className="size-1/2" aria-hidden="true" />}
    </span>
  );
}

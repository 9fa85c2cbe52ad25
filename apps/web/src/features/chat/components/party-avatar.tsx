type Props = { name: string; image: string; online: boolean; size?: 'sm' | 'md' | 'lg' };

const SIZES = { sm: 'h-10 w-10', md: 'h-12 w-12', lg: 'h-20 w-20' } as const;
const PX = { sm: 40, md: 48, lg: 80 } as const;

/** A member's photo with the online marker. */
export function PartyAvatar({ name, image, online, size = 'md' }: Props) {
  return (
    <span className="relative inline-block shrink-0">
      <img
        src={image}
        alt=""
        width={PX[size]}
        height={PX[size]}
        className={`${SIZES[size]} rounded-full bg-sand object-cover`}
      />
      {online ? (
        <span
          className="absolute right-0 bottom-0 h-3.5 w-3.5 rounded-full border-2 border-white bg-sage"
          role="img"
          aria-label={`${name} is online`}
        />
      ) : null}
    </span>
  );
}

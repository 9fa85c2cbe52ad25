import { Slot } from '@radix-ui/react-slot';
import type { ButtonHTMLAttributes } from 'react';

const VARIANTS = {
  primary: 'bg-ink text-ivory hover:bg-ink-soft',
  gold: 'bg-gold text-ink hover:bg-[#e4b862]',
  outline: 'border border-ink/20 bg-white/60 text-ink hover:border-ink/40 hover:bg-white',
  ghost: 'text-ink hover:bg-sand',
  light: 'border border-ivory/40 text-ivory hover:bg-ivory/10',
} as const;

const SIZES = {
  sm: 'h-9 px-3.5 text-sm',
  md: 'h-11 px-5 text-[0.95rem]',
  lg: 'h-13 px-7 text-base',
  icon: 'h-10 w-10',
} as const;

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
  asChild?: boolean;
};

export function buttonClass(
  variant: keyof typeof VARIANTS = 'primary',
  size: keyof typeof SIZES = 'md',
  extra = '',
) {
  return `inline-flex items-center justify-center gap-2 rounded-full font-medium transition-colors disabled:pointer-events-none disabled:opacity-50 aria-disabled:opacity-50 ${VARIANTS[variant]} ${SIZES[size]} ${extra}`;
}

export function Button({
  variant = 'primary',
  size = 'md',
  asChild,
  className = '',
  type,
  ...props
}: ButtonProps) {
  const Comp = asChild ? Slot : 'button';
  return (
    <Comp
      className={buttonClass(variant, size, className)}
      {...(asChild ? {} : { type: type ?? 'button' })}
      {...props}
    />
  );
}

import type { ButtonHTMLAttributes } from 'react';

/** How a button of the carer app looks: big enough for a thumb at a door, in three weights (and one for the header). */
const LOOKS = {
  /** The one thing to do here. */
  primary: 'bg-primary font-semibold text-primary-foreground',
  /** Beside it, as strong. */
  outline: 'border-2 border-primary bg-background font-semibold text-primary',
  /** Everything else. */
  quiet: 'border bg-background font-medium',
  /** On the app's dark header. */
  header: 'border border-sidebar-border font-medium',
} as const;

const SIZES = { large: 'h-12 px-4 text-base', small: 'h-11 px-4' } as const;

/** The carer app's one button: `look` and `size` say which; `className` places it (width, margins, grid). */
export function CarerButton({
  look = 'quiet',
  size = 'large',
  className,
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { look?: keyof typeof LOOKS; size?: keyof typeof SIZES }) {
  return <button type={type} className={[SIZES[size], 'rounded-lg disabled:opacity-60', LOOKS[look], className].filter(Boolean).join(' ')} {...props} />;
}

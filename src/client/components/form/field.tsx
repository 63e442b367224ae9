import { type ReactElement, type ReactNode, cloneElement, useId } from 'react';
import { cn } from '@/client/lib/utils';

/** What a control needs to be labelled and described. */
export interface ControlProps {
  id: string;
  'aria-invalid'?: boolean;
  'aria-required'?: boolean;
  'aria-describedby'?: string;
}

interface FieldProps {
  label: string;
  /** The control (it receives ControlProps), or a function that renders it with them. */
  children: ReactElement<Record<string, unknown>> | ((control: ControlProps) => ReactNode);
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
}

/** A labelled form control with its hint and error, wired for assistive technology. */
export function Field({ label, children, error, hint, required, className }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const control: ControlProps = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-required': required || undefined,
    'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
  };
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {required && (
          <span className="text-destructive" aria-hidden>
            {' '}
            *
          </span>
        )}
      </label>
      {typeof children === 'function' ? children(control) : cloneElement(children, { ...control })}
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-destructive" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** A checkbox with its label beside it. */
export function CheckboxField({ label, className, ...props }: { label: string } & React.ComponentProps<'input'>) {
  const id = useId();
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <input id={id} type="checkbox" className="size-4 rounded border-input accent-primary" {...props} />
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
    </div>
  );
}

/**
 * An option of a picker: its title on the first line, the facts that help choose on the second. Its text
 * reads as the option's label ("title · facts"), the separator only for screen readers.
 */
export function OptionText({ title, details }: { title: string; details: React.ReactNode }) {
  return (
    <span className="flex flex-col gap-0.5">
      <span className="font-medium">
        {title}
        <span className="sr-only"> · </span>
      </span>
      <span className="text-xs text-muted-foreground">{details}</span>
    </span>
  );
}

import { Copy } from 'lucide-react';
import toast from 'react-hot-toast';
import { Button } from '@/client/components/ui/button';

/**
 * Copies `text` to the clipboard and says so; where the browser refuses (no secure context, no permission) it says
 * to select the text instead, rather than failing silently.
 */
export function CopyButton({ text, label, copied }: { text: string; label: string; copied: string }) {
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(text);
      toast.success(copied);
    } catch {
      toast.error('This browser would not copy it: select the text and copy it yourself.');
    }
  };
  return (
    <Button type="button" variant="outline" onClick={() => void copy()}>
      <Copy aria-hidden /> {label}
    </Button>
  );
}

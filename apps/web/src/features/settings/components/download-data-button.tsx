import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../lib/toast.ts';
import { downloadMyData } from '../api/export-data.ts';

/** "Download my data": one JSON file with everything Lokal keeps about the member. */
export function DownloadDataButton() {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      await downloadMyData();
      toast.success('Your data is downloading');
    } catch (err) {
      toast.error((err as Error).message);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="outline" className="w-full sm:w-auto" onClick={download} disabled={busy}>
      <Download className="h-4 w-4" aria-hidden /> {busy ? 'Preparing…' : 'Download my data'}
    </Button>
  );
}

import { shortId } from '@vetconsult/schema/values';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { downloadFile } from '../../../lib/file-transfer';
import { toast } from '../../../lib/toasts';
import { useCaseReport } from '../api/case-report';

// Issue 16: the consultation report (PDF, made on the server after the review) from the case page.
// Remount it when the case's status changes (key={status}) so a freshly reviewed case shows it.

export function ReportDownloadButton({ uuid }: { uuid: string }) {
  const report = useCaseReport(uuid);
  const [busy, setBusy] = useState(false);
  const url = report.data?.case?.reportUrl;
  if (!url) return null;
  const download = async () => {
    setBusy(true);
    try {
      await downloadFile(url, `consultation-report-${shortId(uuid)}.pdf`);
    } catch {
      toast({ title: 'Error', description: 'An unknown error occurred', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" onClick={() => void download()} busy={busy}>
      {busy ? 'Preparing Report...' : 'Download Report (PDF)'}
    </Button>
  );
}

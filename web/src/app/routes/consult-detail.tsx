import { useParams } from 'react-router-dom';
import { CaseDetailPage, type CaseDetailSlots } from '../../features/case-detail/components/case-detail-page';
import { ReportDownloadButton } from '../../features/case-report/components/report-download-button';
import { FileMedia } from '../../features/file-viewer/components/file-media';

export default function CaseDetailRoute() {
  const { uuid = '' } = useParams();
  const slots: CaseDetailSlots = {
    // Remounted when the status changes, so a case reviewed while open offers its report.
    caseActions: (kase) => <ReportDownloadButton key={kase.status} uuid={kase.uuid} />,
    fileMedia: (file) => <FileMedia caseUuid={uuid} file={file} />,
  };
  return <CaseDetailPage key={uuid} uuid={uuid} slots={slots} />;
}

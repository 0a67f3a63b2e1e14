import { CONSULT_FILE_MAX_BYTES } from '@vetconsult/schema/files';
import { useParams } from 'react-router-dom';
import { CaseConversation } from '../../features/case-conversation/components/case-conversation';
import { CaseDetailPage, type CaseDetailSlots } from '../../features/case-detail/components/case-detail-page';
import { ReportDownloadButton } from '../../features/case-report/components/report-download-button';
import { AttachedFilesUploader } from '../../features/file-upload/components/attached-files-uploader';
import { FileMedia } from '../../features/file-viewer/components/file-media';
import { useMarkCaseNotificationsRead } from '../../features/notifications/api/mark-case-notifications-read';

// Composes the case detail with the features it shows (features never import each other): the report
// button, file thumbnails and previews, the uploader of the file-upload feature, and the notifications
// feature's read mark.
export default function CaseDetailRoute() {
  const { uuid = '' } = useParams();
  // Opening the case marks its notifications read (issue 14), for the veterinarian and the specialist.
  useMarkCaseNotificationsRead(uuid);
  const slots: CaseDetailSlots = {
    // Remounted when the status changes, so a case reviewed while open offers its report.
    caseActions: (kase) => <ReportDownloadButton key={kase.status} uuid={kase.uuid} />,
    fileMedia: (file) => <FileMedia caseUuid={uuid} file={file} />,
    fileAdder: ({ uuid: caseUuid, onUploaded }) => (
      <AttachedFilesUploader
        attached={[]}
        resolveCase={async () => caseUuid}
        onUploaded={onUploaded}
        maxBytes={CONSULT_FILE_MAX_BYTES}
        label="New diagnostic files"
        inputLabel="Add diagnostic files"
        description="Files are added to the case as soon as they are chosen."
      />
    ),
    conversation: (kase) => (
      <CaseConversation
        uuid={kase.uuid}
        status={kase.status}
        vetId={kase.vetId}
        vetName={kase.vet.name}
        specialistName={kase.specialist?.name ?? null}
        attachmentMedia={(file) => <FileMedia caseUuid={uuid} file={file} />}
      />
    ),
  };
  return <CaseDetailPage key={uuid} uuid={uuid} slots={slots} />;
}

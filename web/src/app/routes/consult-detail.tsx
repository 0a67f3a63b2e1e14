import { CONSULT_FILE_MAX_BYTES } from '@vetconsult/schema/consult';
import { useParams } from 'react-router-dom';
import { CaseDetailPage } from '../../features/case-detail/components/case-detail-page';
import { AttachedFilesUploader } from '../../features/file-upload/components/attached-files-uploader';

// Composes the case detail with the file-upload feature's uploader (features never import each other).
export default function CaseDetailRoute() {
  const { uuid = '' } = useParams();
  return (
    <CaseDetailPage
      key={uuid}
      uuid={uuid}
      renderFileAdder={({ uuid: caseUuid, onUploaded }) => (
        <AttachedFilesUploader
          attached={[]}
          resolveCase={async () => caseUuid}
          onUploaded={onUploaded}
          maxBytes={CONSULT_FILE_MAX_BYTES}
          label="New diagnostic files"
          inputLabel="Add diagnostic files"
          description="Files are added to the case as soon as they are chosen."
        />
      )}
    />
  );
}

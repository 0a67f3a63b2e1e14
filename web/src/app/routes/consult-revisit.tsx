import { useParams } from 'react-router-dom';
import { FileDropzone } from '../../features/file-upload/components/file-dropzone';
import { PaymentPanel } from '../../features/payment/components/payment-panel';
import { RevisitPage } from '../../features/revisit/components/revisit-page';

// Composes the revisit form with the uploader and the inline payment card.
export default function RevisitRoute() {
  const { caseUuid = '' } = useParams();
  return (
    <RevisitPage
      key={caseUuid}
      caseUuid={caseUuid}
      renderUploader={(props) => <FileDropzone {...props} />}
      renderPayment={(props) => <PaymentPanel {...props} />}
    />
  );
}

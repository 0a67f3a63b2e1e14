import { NewConsultPage } from '../../features/consult-form/components/new-consult-page';
import { AttachedFilesUploader } from '../../features/file-upload/components/attached-files-uploader';
import { PaymentModal } from '../../features/payment/components/payment-modal';

// Composes the consult form with the uploader and the payment modal (features never import each other).
export default function NewConsultRoute() {
  return (
    <NewConsultPage
      renderUploader={(props) => <AttachedFilesUploader {...props} />}
      renderPayment={(props) => <PaymentModal {...props} />}
    />
  );
}

import { NewConsultPage } from '../../features/consult-form/components/new-consult-page';
import { FileDropzone } from '../../features/file-upload/components/file-dropzone';
import { PaymentModal } from '../../features/payment/components/payment-modal';

// Composes the consult form with the uploader and the payment modal (features never import each other).
export default function NewConsultRoute() {
  return (
    <NewConsultPage
      renderUploader={(props) => <FileDropzone {...props} />}
      renderPayment={(props) => <PaymentModal {...props} />}
    />
  );
}

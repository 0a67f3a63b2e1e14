import { useParams } from 'react-router-dom';
import { CaseDetailPage } from '../../features/case-detail/components/case-detail-page';

export default function CaseDetailRoute() {
  const { uuid = '' } = useParams();
  return <CaseDetailPage key={uuid} uuid={uuid} />;
}

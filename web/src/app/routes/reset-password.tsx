import { Navigate, useParams } from 'react-router-dom';
import { ResetPasswordPage } from '../../features/auth/components/reset-password-page';

export default function ResetPasswordRoute() {
  const { token } = useParams();
  if (!token) return <Navigate to="/auth" replace />;
  return <ResetPasswordPage key={token} token={token} />;
}

import { Link } from 'react-router-dom';
import { Card } from '../../components/ui/card';
import { IconBadge } from '../../components/ui/icon-badge';

export default function NotFoundRoute() {
  return (
    <div className="flex justify-center py-12">
      <Card className="w-full max-w-md p-8 text-center">
        <IconBadge icon="exclamation-circle" tone="red" className="mx-auto mb-4" />
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">404 Page Not Found</h1>
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">Did you forget to add the page to the router?</p>
        <Link
          to="/dashboard"
          className="mt-6 inline-block text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"
        >
          Go to Dashboard
        </Link>
      </Card>
    </div>
  );
}

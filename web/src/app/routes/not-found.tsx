import { Link } from 'react-router-dom';
import { Card } from '../../components/ui/card';

export default function NotFoundRoute() {
  return (
    <div className="flex justify-center py-12">
      <Card className="w-full max-w-md p-8 text-center">
        <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-red-50 text-red-700 dark:bg-red-950 dark:text-red-300">
          <svg
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            className="size-6"
            aria-hidden="true"
          >
            <path
              strokeLinecap="round"
              strokeLinejoin="round"
              d="M12 9v3.75m9-.75a9 9 0 1 1-18 0 9 9 0 0 1 18 0Zm-9 3.75h.008v.008H12v-.008Z"
            />
          </svg>
        </div>
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

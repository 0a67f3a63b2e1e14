import { Link } from 'react-router-dom';
import { Icon } from '../../../components/ui/icon';

// SPEC §2 /consults: veterinarians see a banner leading to the new consultation form.

export function NewConsultBanner() {
  return (
    <section
      aria-labelledby="new-consult-banner"
      className="mb-8 flex flex-col gap-4 overflow-hidden rounded-2xl bg-gradient-to-r from-brand-700 to-brand-600 p-6 text-white shadow-sm sm:flex-row sm:items-center sm:justify-between dark:from-brand-900 dark:to-brand-800"
    >
      <div>
        <h2 id="new-consult-banner" className="text-lg font-semibold">
          Submit A New Consult
        </h2>
        <p className="mt-1 text-sm text-brand-50/90">
          Get a board-certified specialist's opinion on your case, with your diagnostic files attached.
        </p>
      </div>
      <Link
        to="/consults/new"
        className="inline-flex shrink-0 items-center justify-center gap-2 rounded-lg bg-white px-4 py-2.5 text-sm font-semibold text-brand-800 shadow-sm hover:bg-brand-50"
      >
        <Icon name="plus-solid" className="size-4" />
        New Consult
      </Link>
    </section>
  );
}

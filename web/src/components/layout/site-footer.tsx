export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white/60 dark:border-slate-800 dark:bg-slate-950/60">
      <p className="mx-auto max-w-6xl px-4 py-6 text-center text-xs text-slate-600 sm:px-6 dark:text-slate-400">
        © {new Date().getFullYear()} VetConsult Specialty Consults. All rights reserved. Powered by Northwind Health
        Software.
      </p>
    </footer>
  );
}

// npm run bench:renders -- [--mails 300] [--reports 20]
//
// What one render costs, and on which thread (issue 17): a notification e-mail (react-email's HTML and
// text, then nodemailer's MIME composition, as the delivery job and lib/mail.ts do) and a two-page
// consultation report PDF, each run warm through the render pool (renders.ts) with RENDER_THREADS=0 (on
// this thread's event loop, as before) and 1 (on a worker thread). Per render it prints the CPU of this
// process's main thread (the one that, in the server, serves every request and socket), the process's
// (every thread), and the wall time, one render after another. CPU time hardly depends on the machine's
// load; wall time does (the load average is printed).
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type { ReportData } from '../src/domain/reports/report-data';
import { createLogger } from '../src/lib/logger';
import { createRenderPool, type RenderPool } from '../src/renders';
import { CARDIOLOGY_CONSULT, UNICODE_PATIENT } from '../test/fixtures/unicode-patient';

const { values } = parseArgs({
  options: { mails: { type: 'string', default: '300' }, reports: { type: 'string', default: '20' } },
});

const cpuOf = (statLine: string) => {
  const fields = statLine.slice(statLine.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, ticks of 10 ms
};
const mainThreadMs = () => cpuOf(readFileSync(`/proc/${process.pid}/task/${process.pid}/stat`, 'utf8'));
const processMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

const mailProps = {
  text: 'Dr. Jiří Dvořák accepted your consult for Rex',
  patient: 'Rex',
  caseUrl: 'http://localhost:4000/consults/7f1c2a9e-0000-4000-8000-000000000000',
  unsubscribe: { url: 'http://localhost:4000/api/notifications/unsubscribe?token=abc', category: 'status updates' },
};

const report: ReportData = {
  uuid: '7f1c2a9e-0000-4000-8000-000000000000',
  displayId: '7f1c2a9e',
  label: 'Consult',
  clinic: { name: 'Clinique Vétérinaire Müller — Brno', address: '12 Rue Saint-Éloi, Montréal, QC H2X 1Y4' },
  veterinarian: { name: 'Dr. Renée Søgaard', email: 'renee@example.com' },
  patient: UNICODE_PATIENT,
  specialty: 'Cardiology',
  specialist: 'Dr. Jiří Dvořák',
  ...CARDIOLOGY_CONSULT,
  responses: [{ questionText: 'Murmur grade?', answer: 'II/VI, parasternal' }],
  summary: Array.from(
    { length: 45 },
    (_, i) =>
      `Paragraph ${i + 1}: the echocardiogram shows mild left atrial enlargement; continue pimobendan — recheck in ${i + 2} weeks.`,
  ).join('\n\n'),
  diagnosticFiles: [
    { filename: 'röntgen-thorax.png', fileType: 'image/png', fileSize: 482_133, createdAt: new Date() },
  ],
  attachments: [{ filename: 'befund.pdf', fileType: 'application/pdf', fileSize: 91_204, createdAt: new Date() }],
  submittedAt: new Date('2026-11-20T14:00:00Z'),
  acceptedAt: new Date('2026-11-20T15:30:00Z'),
  reviewedAt: new Date('2026-11-21T09:10:00Z'),
  revisits: [],
};

async function mail(pool: RenderPool) {
  const rendered = await pool.tasks.notificationMail('case_accepted', mailProps);
  await pool.tasks.composeMail({ from: 'VetConsult <no-reply@vetconsult.local>', to: 'vet@example.com', ...rendered });
}
const pdf = (pool: RenderPool) => pool.tasks.report(report, { timeZone: 'America/Toronto' });

async function measure(name: string, count: number, once: (pool: RenderPool) => Promise<unknown>) {
  for (const threads of [0, 1]) {
    const pool = createRenderPool(threads, createLogger('warn'));
    for (let i = 0; i < Math.max(5, count / 5); i++) await once(pool); // warm: modules loaded, code compiled
    const main = mainThreadMs();
    const total = processMs();
    const started = performance.now();
    for (let i = 0; i < count; i++) await once(pool);
    const per = (ms: number) => (ms / count).toFixed(2);
    console.log(
      `${name}, RENDER_THREADS=${threads}: main thread ${per(mainThreadMs() - main)} ms of CPU, process ${per(processMs() - total)} ms, wall ${per(performance.now() - started)} ms per render (${count} renders; load average ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')})`,
    );
    await pool.close();
  }
}

await measure('notification e-mail (HTML + text + MIME)', Number(values.mails), mail);
await measure('consultation report PDF (2 pages)', Number(values.reports), pdf);

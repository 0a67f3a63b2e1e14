import {
  renderNotificationMail,
  renderPasswordResetMail,
  renderSpecialistApprovedMail,
} from './domain/notifications/emails';
import { renderReport } from './domain/reports/report-document';
import { composeMail } from './lib/mail';

// The CPU-bound renders (issue 17), run on the threads of the render pool (lib/worker-pool.ts, started in
// app.ts and `npm run worker`; RENDER_THREADS), never on the event loop that serves requests and sockets:
// the consultation report's PDF (~0.1 s of CPU for two pages warm, ~1 s a process's first), the e-mails'
// HTML and text (react-email) and their MIME composition (nodemailer): ~4-6 ms a mail (bench:renders).
// Each is the one function of its template or adapter; only the threads load this module (renders.ts
// imports its type alone).
export const tasks = {
  report: renderReport,
  notificationMail: renderNotificationMail,
  specialistApprovedMail: renderSpecialistApprovedMail,
  passwordResetMail: renderPasswordResetMail,
  composeMail,
};

export type RenderTasks = typeof tasks;

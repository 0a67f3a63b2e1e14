import {
  renderNotificationMail,
  renderPasswordResetMail,
  renderSpecialistApprovedMail,
} from './domain/notifications/emails';
import { renderReport } from './domain/reports/report-document';
import { composeMail } from './lib/mail';

// The CPU-bound renders (issue 17), run on the threads of the render pool (lib/worker-pool.ts, started in
// app.ts and `npm run worker`; RENDER_THREADS), never on the event loop that serves requests and sockets:
// the consultation report's PDF (~1 s of CPU), the e-mails' HTML and text (react-email, ~7 ms warm), and
// their MIME composition (nodemailer, ~3 ms). Each is the one function of its template or adapter; only
// the threads load this module (renders.ts imports its type alone).
export const tasks = {
  report: renderReport,
  notificationMail: renderNotificationMail,
  specialistApprovedMail: renderSpecialistApprovedMail,
  passwordResetMail: renderPasswordResetMail,
  composeMail,
};

export type RenderTasks = typeof tasks;
